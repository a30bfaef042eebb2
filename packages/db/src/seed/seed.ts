import { HD_MIN_HEIGHT } from '@vt/media';
import type Database from 'better-sqlite3';
import type { Db } from '../client';
import { refreshListedCounts } from '../queries/listed-counts';
import { rebuildListingFacets } from '../queries/listing-facets';
import { ratingOf } from '../queries/rating';
import { rollupViewCounters } from '../queries/rollup-views';
import { rebuildSearchIndex } from '../queries/search-index';
import { seedCaptions } from './captions';
import { CATEGORY_LANGS, DEMO_CATEGORIES } from './categories-data';
import { seedProvenance } from './provenance';
import { createRandom, type Random, slugify } from './random';
import {
  COMMENTS,
  COUNTRIES,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  LAST_NAMES,
  MEMBER_WORDS,
  PLACES,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TITLE_PATTERNS,
} from './words';

/** A processed demo clip (packages/media output) that demo videos point at. */
export interface DemoMedia {
  mediaPath: string;
  durationSec: number;
  width: number;
  height: number;
  timelineCount: number;
  timelineInterval: number;
  /** The tallest rendition of its ladder (the HD badge needs 720 or more); `height` when absent. */
  topHeight?: number;
  /** Longer cuts of the same clip (demo-loops.ts), for the videos listed as longer. */
  loops?: DemoMedia[];
}

export interface SeedOptions {
  videos: number;
  media: DemoMedia[];
  /** Image paths under the media dir, for album photos. */
  photos: string[];
  now?: number;
  seed?: number;
  onProgress?: (stage: string, done: number, total: number) => void;
}

const DAY = 86_400;
const MODELS = 300;
const MEMBERS = 500;
const CHANNELS = 12;
/** Albums and playlists grow with the catalogue (one per 50 and per 20 videos), never below these. */
const MIN_ALBUMS = 200;
const MIN_PLAYLISTS = 300;
/** Bumped whenever the seed's output changes, so cached seeded databases (the bench's) are rebuilt. */
export const SEED_VERSION = 4;
/** Above this many videos, comment rows and rich daily counters are only made for the first ones. */
const RICH_VIDEOS = 20_000;
/** Offset of the per-video view streams from the seed, clear of the stage streams (base + n·7919). */
const VIEW_STREAM = 1_000_003;
const CHUNK = 20_000;

/** videos.category_mask: bit n for category id n below 63 (see the schema). */
export function categoryMask(categoryIds: Iterable<number>): bigint {
  let mask = 0n;
  for (const id of categoryIds) if (id < 63) mask |= 1n << BigInt(id);
  return mask;
}

export function isEmpty(db: Db): boolean {
  return (db.$client.prepare('SELECT count(*) AS n FROM videos').get() as { n: number }).n === 0;
}

/** Fills an empty, migrated database with a deterministic, synthetic demo site. */
export function seedDemo(db: Db, opts: SeedOptions): void {
  const sqlite = db.$client;
  const base = opts.seed ?? 1975;
  const rng = createRandom(base);
  // The stages after the view history draw from streams of their own: how many numbers that history takes
  // depends on the hour of seeding, and must not change who favourites, befriends or comments on what.
  const stream = (n: number) => createRandom(base + n * 7919);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const progress = opts.onProgress ?? (() => {});
  if (opts.media.length === 0) throw new Error('seedDemo needs at least one processed demo clip');

  sqlite.pragma('foreign_keys = OFF');
  try {
    seedCategories(sqlite);
    seedModels(sqlite, rng, now);
    seedMembers(sqlite, rng, now);
    seedChannels(sqlite, rng);
    seedVideos(sqlite, rng, now, opts, progress);
    seedProvenance(sqlite, now);
    seedCaptions(sqlite, now);
    seedViews(sqlite, base, now, opts.videos, progress);
    seedComments(sqlite, stream(1), now, opts.videos);
    seedAlbums(sqlite, stream(2), now, opts.photos, Math.max(MIN_ALBUMS, Math.floor(opts.videos / 50)));
    seedPlaylists(sqlite, stream(3), now, opts.videos, Math.max(MIN_PLAYLISTS, Math.floor(opts.videos / 20)));
    seedCommunity(sqlite, stream(4), now, opts.videos);
    seedModelExtras(sqlite, now);
    seedKeywords(sqlite, stream(5), now);
    progress('counters', 0, 1);
    refreshCounters(sqlite);
    rollupViewCounters(sqlite, Math.floor(now / DAY));
    rebuildListingFacets(sqlite);
    progress('counters', 1, 1);
    rebuildSearchIndex(sqlite, (done, total) => progress('search index', done, total));
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
  sqlite.pragma('optimize');
  sqlite.exec('ANALYZE');
}

function chunked(
  sqlite: Database.Database,
  total: number,
  fn: (i: number) => void,
  onChunk?: (done: number) => void,
) {
  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK);
    sqlite.transaction(() => {
      for (let i = start; i < end; i++) fn(i);
    })();
    onChunk?.(end);
  }
}

function seedCategories(sqlite: Database.Database) {
  const cat = sqlite.prepare('INSERT INTO categories (id, dir, sort_order) VALUES (?, ?, ?)');
  const title = sqlite.prepare('INSERT INTO category_titles (category_id, lang, title) VALUES (?, ?, ?)');
  sqlite.transaction(() => {
    for (const [i, [dir, titles]] of DEMO_CATEGORIES.entries()) {
      cat.run(i + 1, dir, i);
      for (const [l, lang] of CATEGORY_LANGS.entries()) title.run(i + 1, lang, titles[l]);
    }
  })();
}

function personName(rng: Random, used: Set<string>): string {
  for (;;) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function seedModels(sqlite: Database.Database, rng: Random, now: number) {
  const used = new Set<string>();
  const insert = sqlite.prepare(
    `INSERT INTO models (id, dir, title, alphabet, gender, description, country, race, age, tits_size, hair_color,
       height, weight, tattoo, piercing, active_from, active_to, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const races = ['asian', 'caucasian', 'ebony', 'latin'];
  const sizes = ['small', 'medium', 'big', 'huge'];
  sqlite.transaction(() => {
    for (let i = 1; i <= MODELS; i++) {
      const title = personName(rng, used);
      const from = rng.int(1955, 1992);
      const gender = rng.weighted([0.82, 0.08, 0.1]);
      insert.run(
        i,
        slugify(title),
        title,
        title[0].toLowerCase(),
        ['straight', 'shemale', 'gay'][gender],
        `An invented performer of the ${Math.floor(from / 10) * 10}s archive.`,
        rng.pick(COUNTRIES),
        rng.pick(races),
        rng.int(1, 4),
        rng.pick(sizes),
        rng.int(1, 5),
        rng.int(1, 4),
        rng.int(1, 4),
        rng.int(1, 2),
        rng.int(1, 2),
        from,
        from + rng.int(2, 12),
        now - rng.int(30, 1500) * DAY,
      );
    }
  })();
}

function seedMembers(sqlite: Database.Database, rng: Random, now: number) {
  const insert = sqlite.prepare(
    `INSERT INTO members (id, name, email, role, status, gender, birth_date, relationship, orientation, country,
       city, occupation, interests, about, created_at, last_seen_at)
     VALUES (?, ?, ?, 'member', 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= MEMBERS; i++) {
      const name = `${rng.pick(MEMBER_WORDS)}_${rng.pick(MEMBER_WORDS)}${i}`;
      const year = rng.int(1950, 2000);
      insert.run(
        i,
        name,
        `${name}@example.invalid`,
        rng.int(1, 3),
        `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        rng.int(1, 3),
        rng.int(1, 5),
        rng.pick(COUNTRIES),
        rng.pick(PLACES),
        rng.pick(['Archivist', 'Projectionist', 'Collector', 'Editor', 'Student', 'Musician']),
        rng.pick(['Old films', 'Film restoration', 'Jazz records', 'Travel', 'Photography']),
        'Fond of old reels and good stories.',
        now - rng.int(1, 1200) * DAY,
        now - rng.int(0, 60) * DAY,
      );
    }
  })();
}

function seedChannels(sqlite: Database.Database, rng: Random) {
  const insert = sqlite.prepare(
    'INSERT INTO channels (id, dir, title, subscribers_count) VALUES (?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= CHANNELS; i++) {
      const title = `${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(['Archive', 'Reels', 'Cinema', 'Film Club', 'Vault'])}`;
      insert.run(i, `${slugify(title)}-${i}`, title, rng.int(10, 5000));
    }
  })();
}

function makeTitle(rng: Random): { title: string; year: number } {
  const year = rng.int(1950, 1999);
  const title = rng
    .pick(TITLE_PATTERNS)
    .replace('{adj}', rng.pick(TITLE_ADJECTIVES))
    .replace('{noun}', rng.pick(TITLE_NOUNS))
    .replace('{place}', rng.pick(PLACES))
    .replace('{year}', String(year));
  return { title, year };
}

function seedVideos(
  sqlite: Database.Database,
  rng: Random,
  now: number,
  opts: SeedOptions,
  progress: NonNullable<SeedOptions['onProgress']>,
) {
  const insert = sqlite.prepare(
    `INSERT INTO videos (id, dir, title, description, status_id, is_private, gender, country, production_year,
       duration_sec, duration_bucket, width, height, is_hd, post_date, added_at, uploader_id, channel_id,
       media_path, timeline_count, timeline_interval, video_viewed, likes, dislikes, rating, comments_count, category_mask)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const inCategory = sqlite.prepare('INSERT INTO video_categories (video_id, category_id) VALUES (?, ?)');
  const withModel = sqlite.prepare('INSERT INTO video_models (video_id, model_id) VALUES (?, ?)');
  // A few big categories and many small ones, like a real archive (and the ≥1000 sidebar rule).
  const categoryWeights = DEMO_CATEGORIES.map((_, k) => 1 / (k + 1) ** 0.9);
  const modelWeights = Array.from({ length: MODELS }, (_, k) => 1 / (k + 1) ** 0.7);
  const modelGenders = sqlite.prepare('SELECT gender FROM models ORDER BY id').pluck().all() as string[];
  const total = opts.videos;

  chunked(
    sqlite,
    total,
    (i) => {
      const id = i + 1;
      const { title, year } = makeTitle(rng);
      const clip = opts.media[i % opts.media.length];
      // The first clips are shown exactly as they are; the rest borrow a clip (or a longer loop of it,
      // demo-loops.ts) and keep their own metadata. Duration, size and HD always come from the stream
      // served, so the listing, the player and the badge agree. The draws for the lengths and heights of
      // earlier seeds stay (the target length picks the loop), so every other seeded value is unchanged.
      const own = i < opts.media.length;
      const bucket = own ? 1 : rng.weighted([0.4, 0.4, 0.2]) + 1;
      const target = own
        ? clip.durationSec
        : bucket === 1
          ? rng.int(60, 599)
          : bucket === 2
            ? rng.int(600, 2400)
            : rng.int(2401, 7200);
      if (!own) rng.weighted([0.1, 0.2, 0.3, 0.25, 0.15]);
      const media = own ? clip : nearestCut(clip, target);
      const duration = Math.floor(media.durationSec);
      const { width, height } = media;
      const isHd = (media.topHeight ?? media.height) >= HD_MIN_HEIGHT ? 1 : 0;
      // Denser towards now, so day, week and month filters all find something.
      const age = own ? rng.int(0, 6) * 3600 : Math.floor(1095 * DAY * rng.next() ** 2);
      const viewed = Math.floor(250_000 * rng.next() ** 4) + rng.int(10, 400);
      const votes = Math.floor(viewed * 0.02 * rng.next());
      const likes = Math.round(votes * (0.45 + 0.55 * rng.next()));
      const dislikes = votes - likes;
      const statusRoll = rng.next();
      const status = statusRoll < 0.006 ? 5 : 1;
      const isPrivate = status === 1 && statusRoll > 0.995 ? 1 : 0;
      const cats = new Set<number>();
      const nCats = rng.int(1, 4);
      while (cats.size < nCats) cats.add(rng.weighted(categoryWeights) + 1);
      const description = `${rng.pick(DESCRIPTION_SENTENCES)} ${rng.pick(DESCRIPTION_SENTENCES)}`;
      const gender = GENDERS[rng.weighted([0.8, 0.12, 0.08])];
      insert.run(
        id,
        slugify(title) || `video-${id}`,
        title,
        description,
        status,
        isPrivate,
        gender,
        rng.pick(COUNTRIES),
        year,
        duration,
        duration < 600 ? 1 : duration <= 2400 ? 2 : 3,
        width,
        height,
        isHd,
        now - age,
        now - age,
        rng.chance(0.6) ? rng.int(1, 120) : null,
        rng.int(1, CHANNELS),
        media.mediaPath,
        media.timelineCount,
        media.timelineInterval,
        viewed,
        likes,
        dislikes,
        ratingOf(likes, dislikes),
        0,
        categoryMask(cats),
      );
      for (const c of cats) inCategory.run(id, c);
      const models = new Set<number>();
      const nModels = rng.weighted([0.25, 0.45, 0.2, 0.1]);
      while (models.size < nModels) models.add(rng.weighted(modelWeights) + 1);
      // A model appears in videos of their own orientation, whose listing their page shows.
      for (const m of new Set([...models].map((m) => sameGender(modelGenders, m, gender))))
        withModel.run(id, m);
    },
    (done) => progress('videos', done, total),
  );
}

/** Video orientations in the order the seed's draws index them. */
const GENDERS = ['straight', 'gay', 'shemale'] as const;

/** The clip or the loop of it whose length is nearest the target. */
function nearestCut(clip: DemoMedia, target: number): DemoMedia {
  let best = clip;
  for (const cut of clip.loops ?? [])
    if (Math.abs(cut.durationSec - target) < Math.abs(best.durationSec - target)) best = cut;
  return best;
}

/**
 * The first id from `id` on (1-based, wrapping) whose gender is `gender`: a draw moved to a match
 * without drawing again, so the random stream, and everything seeded after, stays as it was.
 */
function sameGender(genders: readonly string[], id: number, gender: string): number {
  for (let k = 0; k < genders.length; k++) {
    const candidate = ((id - 1 + k) % genders.length) + 1;
    if (genders[candidate - 1] === gender) return candidate;
  }
  return id;
}

/** 90 days of views per country: rich for the first RICH_VIDEOS videos, a few rows for the rest. */
function seedViews(
  sqlite: Database.Database,
  base: number,
  now: number,
  total: number,
  progress: NonNullable<SeedOptions['onProgress']>,
) {
  const today = Math.floor(now / DAY);
  const postDay = sqlite.prepare('SELECT post_date FROM videos WHERE id = ?').pluck();
  const insert = sqlite.prepare(
    `INSERT INTO video_views_daily (video_id, day, country, views) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET views = views + excluded.views`,
  );
  chunked(
    sqlite,
    total,
    (i) => {
      const id = i + 1;
      // Each video draws from a stream of its own: how many days it has been up depends on the day of
      // seeding, and must not change which countries watch the videos after it.
      const rng = createRandom(base + VIEW_STREAM + id);
      const first = Math.max(today - 89, Math.floor((postDay.get(id) as number) / DAY));
      // As on real tubes, the United States is the largest audience: the main one of about a third.
      const main = rng.chance(0.35) ? 'us' : rng.pick(COUNTRIES);
      const audience = [main, rng.pick(COUNTRIES), rng.pick(COUNTRIES)];
      const strength = rng.next() ** 3;
      const rows = i < RICH_VIDEOS ? Math.min(40, today - first + 1) : 3;
      for (let r = 0; r < rows; r++) {
        const day = i < RICH_VIDEOS ? today - r : rng.int(first, today);
        if (day < first) break;
        const country = rng.chance(0.1) ? 'xx' : audience[rng.weighted([0.6, 0.3, 0.1])];
        insert.run(id, day, country, 1 + Math.floor(strength * 400 * rng.next()));
      }
    },
    (done) => progress('views', done, total),
  );
}

function seedComments(sqlite: Database.Database, rng: Random, now: number, total: number) {
  const insert = sqlite.prepare(
    `INSERT INTO comments (section, object_id, member_id, comment, added_date) VALUES ('video', ?, ?, ?, ?)`,
  );
  const postDate = sqlite.prepare('SELECT post_date FROM videos WHERE id = ?').pluck();
  chunked(sqlite, Math.min(total, RICH_VIDEOS), (i) => {
    const n = Math.floor(12 * rng.next() ** 3);
    const posted = postDate.get(i + 1) as number;
    for (let k = 0; k < n; k++) {
      insert.run(i + 1, rng.int(1, MEMBERS), rng.pick(COMMENTS), rng.int(posted, now));
    }
  });
}

function seedAlbums(sqlite: Database.Database, rng: Random, now: number, photos: string[], albums: number) {
  if (photos.length === 0) return;
  const album = sqlite.prepare(
    `INSERT INTO albums (id, dir, title, description, status_id, gender, uploader_id, scr, photos_amount, album_viewed,
       likes, dislikes, rating, post_date, added_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const photo = sqlite.prepare(
    'INSERT INTO photos (album_id, position, path, width, height, created_at) VALUES (?, ?, ?, 1280, 720, ?)',
  );
  const inCategory = sqlite.prepare(
    'INSERT OR IGNORE INTO album_categories (album_id, category_id) VALUES (?, ?)',
  );
  sqlite.transaction(() => {
    for (let id = 1; id <= albums; id++) {
      const { title } = makeTitle(rng);
      const n = rng.int(5, 30);
      const first = rng.int(0, photos.length - 1);
      const likes = rng.int(0, 300);
      const dislikes = rng.int(0, 60);
      const posted = now - Math.floor(900 * DAY * rng.next() ** 2);
      album.run(
        id,
        slugify(title),
        title,
        rng.pick(DESCRIPTION_SENTENCES),
        ['straight', 'gay', 'shemale'][rng.weighted([0.8, 0.12, 0.08])],
        rng.int(1, MEMBERS),
        photos[first],
        n,
        rng.int(20, 90_000),
        likes,
        dislikes,
        ratingOf(likes, dislikes),
        posted,
        posted,
      );
      for (let p = 0; p < n; p++) photo.run(id, p + 1, photos[(first + p) % photos.length], posted);
      inCategory.run(id, rng.int(1, DEMO_CATEGORIES.length));
    }
    // Deterministic extras that draw nothing from rng, so every later seeded row stays the same:
    // every third album features a model, and two albums that visitors must not see (one private,
    // one awaiting moderation) exercise the album page's error states.
    const withModel = sqlite.prepare('INSERT OR IGNORE INTO album_models (album_id, model_id) VALUES (?, ?)');
    for (let id = 3; id <= albums; id += 3) withModel.run(id, ((id * 7) % MODELS) + 1);
    const hidden = sqlite.prepare(
      `INSERT INTO albums (id, dir, title, description, status_id, is_private, gender, uploader_id, scr,
         photos_amount, post_date, added_at) VALUES (?, ?, ?, '', ?, ?, 'straight', 1, ?, 5, ?, ?)`,
    );
    hidden.run(
      albums + 1,
      'private-family-reels',
      'Private Family Reels',
      1,
      1,
      photos[0],
      now - DAY,
      now - DAY,
    );
    hidden.run(albums + 2, 'awaiting-review', 'Awaiting Review', 2, 0, photos[0], now, now);
    for (const id of [albums + 1, albums + 2]) {
      for (let p = 0; p < 5; p++) photo.run(id, p + 1, photos[p % photos.length], now);
    }
  })();
}

const MODEL_WALL_POSTS = [
  'A true classic performer.',
  'Her 1970s work still holds up beautifully.',
  'Thanks for restoring these reels.',
  'One of the great faces of the archive.',
  'The lighting in her early films is wonderful.',
  'Any chance of more of her interviews?',
];

/**
 * Model extras without rng: a portrait (the thumb of the model's first video) and a busy wall for
 * the most featured model, so the wall's pagination has something to page through.
 */
function seedModelExtras(sqlite: Database.Database, now: number) {
  sqlite.exec(`
    UPDATE models SET scr = (SELECT v.media_path || '/thumb@2x.jpg' FROM video_models vm JOIN videos v ON v.id = vm.video_id
      WHERE vm.model_id = models.id AND v.media_path IS NOT NULL ORDER BY vm.video_id LIMIT 1);
  `);
  const wall = sqlite.prepare(
    `INSERT INTO wall_posts (section, object_id, author_id, body, created_at) VALUES ('model', 1, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let k = 0; k < 14; k++) {
      wall.run(2 + k, MODEL_WALL_POSTS[k % MODEL_WALL_POSTS.length], now - (k + 1) * 3 * DAY);
    }
  })();
}

function seedPlaylists(
  sqlite: Database.Database,
  rng: Random,
  now: number,
  totalVideos: number,
  playlists: number,
) {
  const playlist = sqlite.prepare(
    `INSERT INTO playlists (id, member_id, title, description, is_private, orientation, viewed, likes, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'straight', ?, ?, ?, ?)`,
  );
  const entry = sqlite.prepare(
    'INSERT OR IGNORE INTO playlist_videos (playlist_id, video_id, position, added_at) VALUES (?, ?, ?, ?)',
  );
  const pool = Math.min(totalVideos, RICH_VIDEOS);
  // The demo's playlists are all straight: each draw moves to the next straight video, so what a playlist
  // holds is what its listing shows.
  const genders = sqlite
    .prepare('SELECT gender FROM videos WHERE id <= ? ORDER BY id')
    .pluck()
    .all(pool) as string[];
  const straight = (id: number) => sameGender(genders, id, 'straight');
  sqlite.transaction(() => {
    for (let id = 1; id <= playlists; id++) {
      const created = now - rng.int(1, 700) * DAY;
      playlist.run(
        id,
        rng.int(1, MEMBERS),
        `${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(['favourites', 'classics', 'evenings', 'picks', 'collection'])}`,
        'A hand-picked selection from the archive.',
        rng.chance(0.1) ? 1 : 0,
        rng.int(0, 20_000),
        rng.int(0, 500),
        created,
        created + rng.int(0, 30) * DAY,
      );
      const n = rng.int(5, 40);
      for (let p = 0; p < n; p++) entry.run(id, straight(rng.int(1, pool)), p + 1, created);
    }
    // One long public playlist (no rng draws, so nothing else changes): more than two pages of 60, for the
    // video page's playlist strip that loads neighbouring pages.
    const long = playlists + 1;
    playlist.run(
      long,
      1,
      'The long archive tour',
      'Every decade in one sitting.',
      0,
      25_000,
      400,
      now - DAY,
      now,
    );
    const tour = genders.flatMap((g, k) => (g === 'straight' ? [k + 1] : [])).slice(0, 130);
    for (const [p, videoId] of tour.entries()) entry.run(long, videoId, p + 1, now - DAY);
  })();
}

function seedCommunity(sqlite: Database.Database, rng: Random, now: number, totalVideos: number) {
  const pool = Math.min(totalVideos, RICH_VIDEOS);
  const list = sqlite.prepare(
    'INSERT OR IGNORE INTO member_lists (member_id, list, video_id, added_at) VALUES (?, ?, ?, ?)',
  );
  const history = sqlite.prepare(
    'INSERT OR IGNORE INTO watch_history (member_id, video_id, viewed_at) VALUES (?, ?, ?)',
  );
  const sub = sqlite.prepare(
    'INSERT OR IGNORE INTO subscriptions (member_id, section, object_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const friend = sqlite.prepare(
    'INSERT OR IGNORE INTO friends (member_id, friend_id, status, created_at) VALUES (?, ?, ?, ?)',
  );
  const message = sqlite.prepare(
    'INSERT INTO messages (from_id, to_id, body, created_at, read_at) VALUES (?, ?, ?, ?, ?)',
  );
  const wall = sqlite.prepare(
    'INSERT INTO wall_posts (section, object_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const vote = sqlite.prepare(
    `INSERT OR IGNORE INTO votes (section, object_id, member_id, vote, created_at) VALUES ('video', ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let m = 1; m <= MEMBERS; m++) {
      const when = () => now - rng.int(0, 300) * DAY;
      for (let k = rng.int(0, 15); k > 0; k--) list.run(m, 'favourites', rng.int(1, pool), when());
      for (let k = rng.int(0, 8); k > 0; k--) list.run(m, 'watch_later', rng.int(1, pool), when());
      for (let k = rng.int(0, 20); k > 0; k--) history.run(m, rng.int(1, pool), when());
      for (let k = rng.int(0, 5); k > 0; k--) sub.run(m, 'model', rng.int(1, MODELS), when());
      for (let k = rng.int(0, 3); k > 0; k--) sub.run(m, 'member', rng.int(1, MEMBERS), when());
      for (let k = rng.int(0, 10); k > 0; k--) vote.run(rng.int(1, pool), m, rng.chance(0.8) ? 1 : 0, when());
      for (let k = rng.int(0, 4); k > 0; k--) {
        const other = rng.int(1, MEMBERS);
        if (other === m) continue;
        const accepted = rng.chance(0.7);
        friend.run(m, other, accepted ? 'accepted' : 'pending', when());
        if (accepted) friend.run(other, m, 'accepted', when());
      }
      if (rng.chance(0.3)) {
        const other = rng.int(1, MEMBERS);
        const at = when();
        if (other !== m)
          message.run(m, other, 'Hello! Loved your playlist of classics.', at, rng.chance(0.5) ? at : null);
      }
      if (rng.chance(0.2))
        wall.run('member', rng.int(1, MEMBERS), m, 'Thanks for the recommendations!', when());
      if (rng.chance(0.2)) wall.run('model', rng.int(1, MODELS), m, 'A true classic performer.', when());
    }
  })();
  // Every tenth member keeps everything but their uploads to themselves (no rng: nothing else changes).
  sqlite.exec(
    "UPDATE members SET private_sections = 'wall,friends,subscriptions,favourites,history,watch_later' WHERE id % 10 = 7",
  );
  // The notifications those rows would have written (ADR 0028): each open friend request, and one line per
  // sender of unread messages, so a demo member's bell agrees with their friends tab and messages.
  sqlite.exec(
    `INSERT INTO notifications (member_id, kind, params, created_at)
     SELECT f.friend_id, 'friend_request', json_object('from', f.member_id, 'name', m.name), f.created_at
     FROM friends f JOIN members m ON m.id = f.member_id WHERE f.status = 'pending';
     INSERT INTO notifications (member_id, kind, params, created_at)
     SELECT g.to_id, 'message', json_object('from', g.from_id, 'name', m.name, 'count', g.n), g.at
     FROM (SELECT to_id, from_id, count(*) AS n, max(created_at) AS at FROM messages
           WHERE read_at IS NULL GROUP BY to_id, from_id) g JOIN members m ON m.id = g.from_id;`,
  );
}

function seedKeywords(sqlite: Database.Database, rng: Random, now: number) {
  const insert = sqlite.prepare(
    'INSERT OR IGNORE INTO search_keywords (keyword, searches, results, from_titles, updated_at) VALUES (?, ?, ?, 1, ?)',
  );
  sqlite.transaction(() => {
    for (const word of [...TITLE_ADJECTIVES, ...TITLE_NOUNS, ...PLACES]) {
      insert.run(word.toLowerCase(), rng.int(1, 5000), rng.int(1, 500), now);
    }
    for (const [dir] of DEMO_CATEGORIES)
      insert.run(dir.replaceAll('-', ' '), rng.int(1, 5000), rng.int(1, 500), now);
  })();
}

/** Denormalised counts the listings sort and filter on. */
export function refreshCounters(sqlite: Database.Database): void {
  refreshListedCounts(sqlite);
  sqlite.exec(`
    UPDATE videos SET comments_count = (SELECT count(*) FROM comments c
      WHERE c.section = 'video' AND c.object_id = videos.id AND c.is_deleted = 0)
      WHERE id IN (SELECT object_id FROM comments WHERE section = 'video');
    UPDATE categories SET total_albums = (SELECT count(*) FROM album_categories ac WHERE ac.category_id = categories.id);
    UPDATE models SET viewed = coalesce((SELECT sum(v.video_viewed) FROM video_models vm JOIN videos v ON v.id = vm.video_id
      WHERE vm.model_id = models.id), 0),
      subscribers_count = (SELECT count(*) FROM subscriptions s WHERE s.section = 'model' AND s.object_id = models.id),
      albums_count = (SELECT count(*) FROM album_models am JOIN albums a ON a.id = am.album_id
        WHERE am.model_id = models.id AND a.status_id = 1 AND a.is_private = 0);
    UPDATE models SET popularity = viewed / 100 + subscribers_count * 10;
    UPDATE members SET subscribers_count = (SELECT count(*) FROM subscriptions s WHERE s.section = 'member' AND s.object_id = members.id);
  `);
}
