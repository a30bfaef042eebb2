import type { Database, DataLayer } from '@vt/db';
import { contractTargets } from '@vt/db/testing';
import type { DateFilter, DurationFilter, VideoSort } from '@vt/rules';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createListingRepository,
  type ListingFilter,
  type ResolvedSection,
  sortColumn,
} from './listing.repository';
import { createVideosRepository } from './videos.repository';

const NOW = 1_700_000_000;
const DAY = 86_400;
const GENDERS = ['straight', 'gay', 'shemale'] as const;
const CATEGORIES = [1, 2, 3, 70]; // 70 lives only in video_categories (above the mask's bits)

/** A small deterministic catalogue: ties in the sort columns, every section's links, a version group. */
async function seed({ db }: Pick<DataLayer, 'db'>) {
  let a = 42;
  const r = (n: number) => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a % n;
  };
  await db
    .insertInto('members')
    .values([
      { id: 1, name: 'alice', email: 'alice@example.test' },
      { id: 2, name: 'bob', email: 'bob@example.test' },
    ])
    .execute();
  await db.insertInto('channels').values({ id: 1, dir: 'classics', title: 'Classics' }).execute();
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((id) => ({ id, dir: `cat-${id}` })))
    .execute();
  await db
    .insertInto('category_titles')
    .values([
      { category_id: 1, lang: 'en', title: 'One' },
      { category_id: 1, lang: 'de', title: 'Eins' },
      { category_id: 2, lang: 'en', title: 'Two' },
    ])
    .execute();
  await db
    .insertInto('models')
    .values([
      { id: 1, dir: 'ann', title: 'Ann', alphabet: 'a', gender: 'straight', created_at: NOW },
      { id: 2, dir: 'bea', title: 'Bea', alphabet: 'b', gender: 'gay', created_at: NOW },
    ])
    .execute();
  await db
    .insertInto('playlists')
    .values({ id: 1, member_id: 1, title: 'Mine', created_at: NOW, updated_at: NOW })
    .execute();
  const videos = [];
  const links: { video_id: number; category_id: number }[] = [];
  for (let id = 1; id <= 240; id++) {
    const cats = CATEGORIES.filter(() => r(3) === 0);
    for (const c of cats) links.push({ video_id: id, category_id: c });
    const duration = [120, 900, 3000][r(3)] + r(50);
    videos.push({
      id,
      dir: `video-${id}`,
      title: `Video ${id}`,
      status_id: id % 17 === 0 ? 5 : 1,
      is_private: id % 19 === 0 ? 1 : 0,
      gender: GENDERS[r(3) === 0 ? 1 + r(2) : 0],
      duration_sec: duration,
      duration_bucket: duration < 600 ? 1 : duration <= 2400 ? 2 : 3,
      is_hd: r(2),
      production_decade: [1950, 1960, 1970][r(3)],
      category_mask: cats.filter((c) => c < 63).reduce((m, c) => m + 2 ** c, 0),
      post_date: NOW - r(40) * DAY,
      added_at: NOW,
      uploader_id: id % 5 === 0 ? 1 : null,
      channel_id: id % 7 === 0 ? 1 : null,
      media_path: `m/${id}`,
      video_viewed: r(30),
      views_day: r(5),
      views_week: r(10),
      views_month: r(20),
      popularity: r(25),
      rating: r(6) / 2,
      comments_count: r(4),
    });
  }
  await db.insertInto('videos').values(videos).execute();
  await db.insertInto('video_categories').values(links).execute();
  await db
    .insertInto('video_models')
    .values(videos.filter((v) => v.id % 3 === 0).map((v) => ({ video_id: v.id, model_id: 1 + (v.id % 2) })))
    .execute();
  await db
    .insertInto('video_country_views')
    .values(
      videos
        .filter((v) => v.id % 4 === 0)
        .map((v) => ({ country: 'de', video_id: v.id, gender: v.gender, views: r(8) })),
    )
    .execute();
  await db
    .insertInto('playlist_videos')
    .values(
      [12, 30, 8, 44, 2].map((video_id, position) => ({ playlist_id: 1, video_id, position, added_at: NOW })),
    )
    .execute();
  await db
    .insertInto('watch_history')
    .values([3, 6, 9, 10].map((video_id, i) => ({ member_id: 1, video_id, viewed_at: NOW - (i % 2) })))
    .execute();
  await db
    .insertInto('member_lists')
    .values(
      [4, 11, 1].map((video_id) => ({ member_id: 1, list: 'favourites' as const, video_id, added_at: NOW })),
    )
    .execute();
  // Video 2 is a listed version of video 1 (public), 4 a redirect version of 3.
  await db
    .insertInto('video_versions')
    .values([
      { video_id: 2, canonical_id: 1, mode: 'listed', created_at: NOW },
      { video_id: 4, canonical_id: 3, mode: 'redirect', created_at: NOW },
    ])
    .execute();
  await db
    .insertInto('video_captions')
    .values({ video_id: 1, lang: 'en', vtt: 'WEBVTT', updated_at: NOW })
    .execute();
  await db
    .insertInto('listing_facets')
    .values([
      { gender: 'straight', category_id: 0, duration_bucket: 1, is_hd: 0, videos: 5 },
      { gender: 'straight', category_id: 1, duration_bucket: 2, is_hd: 1, videos: 3 },
    ])
    .execute();
  return videos;
}

const SORTS: VideoSort[] = [
  'latest-updates',
  'longest',
  'most-commented',
  'most-viewed',
  'top-rated',
  'most-popular',
];

const filter = (over: Partial<ListingFilter> & { target?: ResolvedSection } = {}): ListingFilter => ({
  gender: 'straight',
  sort: 'latest-updates',
  date: 'all',
  duration: 0,
  hdOnly: false,
  decade: null,
  postedSince: null,
  target: { section: 'all' },
  onePerGroup: true,
  ...over,
});

/** Every listing shape the service asks for, by name. */
function shapes(): Record<string, ListingFilter> {
  const out: Record<string, ListingFilter> = {};
  const dates: DateFilter[] = ['all', 'day', 'week', 'month'];
  for (const sort of SORTS) for (const date of dates) out[`${sort} ${date}`] = filter({ sort, date });
  out['top-rated week (window)'] = filter({ sort: 'top-rated', date: 'week', postedSince: NOW - 7 * DAY });
  out['top-rated day in a category'] = filter({
    sort: 'top-rated',
    date: 'day',
    postedSince: NOW - 30 * DAY,
    target: { section: 'categories', ids: [2] },
  });
  for (const duration of [1, 2, 3] as DurationFilter[]) {
    out[`duration ${duration}`] = filter({ duration });
    out[`longest duration ${duration}`] = filter({ sort: 'longest', duration });
  }
  // Walked along the indexes led by the duration bucket: every sort, in a category and in all.
  for (const sort of SORTS)
    out[`${sort} duration 3 in category 1`] = filter({
      sort,
      duration: 3,
      target: { section: 'categories', ids: [1] },
    });
  out['most popular this week, duration 2'] = filter({ sort: 'most-popular', date: 'week', duration: 2 });
  out['hd, 1960s'] = filter({ sort: 'most-viewed', hdOnly: true, decade: 1960 });
  out['category 1'] = filter({ target: { section: 'categories', ids: [1] } });
  out['categories 1+2, most popular'] = filter({
    sort: 'most-popular',
    target: { section: 'categories', ids: [1, 2] },
  });
  out['category 70 (join table)'] = filter({ target: { section: 'categories', ids: [70, 3] } });
  out['unknown category'] = filter({ target: { section: 'categories', ids: null } });
  out['model ann'] = filter({
    sort: 'most-popular',
    target: { section: 'models', dir: 'ann' },
    onePerGroup: false,
  });
  out['country de, most popular'] = filter({
    sort: 'most-popular',
    target: { section: 'country', country: 'de' },
  });
  out['country de, longest'] = filter({ sort: 'longest', target: { section: 'country', country: 'de' } });
  out.channel = filter({ gender: null, target: { section: 'channel', channelId: 1 }, onePerGroup: false });
  out.playlist = filter({ target: { section: 'playlist', playlistId: 1 }, onePerGroup: false });
  const member = (list: 'uploaded' | 'history' | 'favourites') =>
    filter({
      gender: list === 'uploaded' ? null : 'straight',
      target: { section: 'member', memberId: 1, list },
      onePerGroup: false,
    });
  out.uploads = member('uploaded');
  out.history = member('history');
  out.favourites = member('favourites');
  return out;
}

/** What each dialect answered, compared at the end: the listings must be identical on both databases. */
const answers = new Map<string, unknown>();

describe.each(contractTargets())('listing and video repositories on $name', (target) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let videos: Awaited<ReturnType<typeof seed>>;
  const run = target.skip ? it.skip : it;
  if (target.skip) console.warn(`${target.name} skipped: ${target.skip}`);

  beforeAll(async () => {
    if (target.skip) return;
    ({ layer, close } = await target.open());
    videos = await seed(layer);
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  /** The reference: listed videos of the gender, not a hidden version, by column desc then id desc. */
  const reference = (column: string, gender = 'straight') => {
    const value = (v: (typeof videos)[number]) => Number(new Map(Object.entries(v)).get(column));
    return videos
      .filter(
        (v) => v.status_id === 1 && v.is_private === 0 && v.gender === gender && v.id !== 2 && v.id !== 4,
      )
      .sort((x, y) => value(y) - value(x) || y.id - x.id)
      .map((v) => v.id);
  };

  run('each sort walks its column, then id, both descending', async () => {
    const repo = createListingRepository(layer);
    for (const sort of SORTS) {
      const expected = reference(sortColumn(sort, 'all'));
      expect(await repo.pageIds(filter({ sort }), { limit: 500, offset: 0, models: 'exists' })).toEqual(
        expected,
      );
      expect(await repo.count(filter({ sort }))).toBe(expected.length);
      // Paging: page 2 of 10 is the reference's 11th to 20th.
      expect(await repo.pageIds(filter({ sort }), { limit: 10, offset: 10, models: 'exists' })).toEqual(
        expected.slice(10, 20),
      );
    }
  });

  run('every listing shape: pages and counts', async () => {
    const repo = createListingRepository(layer);
    const got: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(shapes())) {
      const all = await repo.pageIds(f, { limit: 1000, offset: 0, models: 'exists' });
      const viaLinks = await repo.pageIds(f, { limit: 1000, offset: 0, models: 'links' });
      expect(viaLinks, name).toEqual(all);
      const count = await repo.count(f);
      expect(count, name).toBe(all.length);
      const page2 = await repo.pageIds(f, { limit: 7, offset: 7, models: 'exists' });
      expect(page2, name).toEqual(all.slice(7, 14));
      // The page's thumb rows, in the page's order (one statement on PostgreSQL).
      const thumbs = await repo.pageThumbs(f, { limit: 7, offset: 7, models: 'exists' });
      expect(
        thumbs.map((t) => t.id),
        name,
      ).toEqual(page2);
      if (thumbs.length) expect(thumbs[0], name).toMatchObject({ dir: `video-${page2[0]}` });
      expect(await repo.pageIds(f, { limit: 7, offset: 5000, models: 'exists' }), name).toEqual([]);
      // Read from the end: the page 7 from the last, in the listing's order (thumbs likewise).
      const fromEnd = { limit: 7, offset: 3, models: 'exists', reverse: true } as const;
      const tail = all.slice(Math.max(0, all.length - 10), all.length - 3);
      expect(await repo.pageIds(f, fromEnd), name).toEqual(tail);
      expect(
        (await repo.pageThumbs(f, fromEnd)).map((t) => t.id),
        name,
      ).toEqual(tail);
      // A window's two index paths answer alike.
      for (const window of ['post-date', 'rating'] as const) {
        expect(await repo.pageIds(f, { limit: 1000, offset: 0, models: 'exists', window }), name).toEqual(
          all,
        );
        expect(await repo.allIds(f, window), name).toEqual(all);
      }
      got[name] = all;
    }
    // Hand-checked sections.
    expect(got['unknown category']).toEqual([]);
    const listedStraight = (id: number) =>
      videos.some((v) => v.id === id && v.status_id === 1 && v.is_private === 0 && v.gender === 'straight');
    expect(got.playlist).toEqual([12, 30, 8, 44, 2].filter(listedStraight));
    // Newest first; equal times by id, descending.
    expect(got.history).toEqual([9, 3, 10, 6].filter(listedStraight));
    expect((got['category 70 (join table)'] as number[]).length).toBeGreaterThan(0);
    expect(got['model ann']).not.toEqual([]);
    answers.set(target.name, got);
  });

  run('thumbs, listed ids and look-ups', async () => {
    const repo = createListingRepository(layer);
    const thumbs = await repo.thumbs([5, 1, 999]);
    expect(thumbs.map((t) => t.id).sort((x, y) => x - y)).toEqual([1, 5]);
    expect(thumbs.find((t) => t.id === 1)).toMatchObject({ dir: 'video-1', media_path: 'm/1' });
    expect((await repo.listedIds([17, 19, 1, 3])).sort((x, y) => x - y)).toEqual([1, 3]);
    expect(await repo.listedIds([])).toEqual([]);
    expect(await repo.categoryId('cat-70')).toBe(70);
    expect(await repo.categoryId('nope')).toBeNull();
    expect(await repo.model('bea')).toMatchObject({ gender: 'gay' });
    expect(await repo.model('nope')).toBeNull();
    expect(await repo.playlistOrientation(1)).toBe('straight');
    // A top-rated window's rows: every listed video of the orientation since the time, hidden versions
    // included, best rated first; the category mask in 32-bit halves.
    const since = NOW - 10 * DAY;
    expect(await repo.windowRows('straight', since)).toEqual(
      videos
        .filter(
          (v) => v.status_id === 1 && v.is_private === 0 && v.gender === 'straight' && v.post_date >= since,
        )
        .sort((x, y) => y.rating - x.rating || y.id - x.id)
        .map((v) => ({
          id: v.id,
          maskHigh: Math.floor(v.category_mask / 2 ** 32),
          maskLow: v.category_mask % 2 ** 32,
          duration: v.duration_bucket,
          hd: v.is_hd,
        })),
    );
    expect((await repo.hiddenVersionIds()).sort((x, y) => x - y)).toEqual([2, 4]);
    const facets = await repo.facets();
    expect(facets).toHaveLength(2);
    expect(facets).toContainEqual({
      gender: 'straight',
      category_id: 1,
      duration_bucket: 2,
      is_hd: 1,
      videos: 3,
    });
  });

  run('the video page reads and version groups', async () => {
    const repo = createVideosRepository(layer);
    const v = await repo.detail(1);
    expect(v).toMatchObject({ id: 1, dir: 'video-1', status_id: 1, is_private: 0 });
    expect(await repo.detail(9999)).toBeUndefined();
    expect(await repo.captions(1)).toEqual({ lang: 'en', vtt: 'WEBVTT', updated_at: NOW });
    expect(await repo.uploader(1)).toMatchObject({
      id: 1,
      name: 'alice',
      avatar: null,
      subscribers_count: 0,
    });
    expect(await repo.channel(1)).toMatchObject({ id: 1, dir: 'classics', title: 'Classics' });
    expect(await repo.models(3)).toEqual([{ id: 2, dir: 'bea', title: 'Bea' }]);
    const withCat1 = videos.find((x) => x.category_mask & 2)!.id;
    const cats = await repo.categories(withCat1, 'de');
    expect(cats).toContainEqual({ id: 1, dir: 'cat-1', title: 'Eins' });
    const dirs = await repo.categoryDirs(withCat1);
    expect(dirs).toEqual([...dirs].sort((x, y) => Number(x.slice(4)) - Number(y.slice(4))));
    const expected = videos
      .filter((x) => x.id % 3 === 0 && x.id % 2 === 0 && x.status_id === 1 && x.is_private === 0)
      .filter((x) => x.gender === 'straight' && x.id !== 2 && x.id !== 4)
      .sort((x, y) => y.popularity - x.popularity || y.id - x.id)
      .map((x) => x.id);
    expect(await repo.modelPopular(1, 'straight', 61)).toEqual(expected.slice(0, 61));
    expect(await repo.modelPopular(1, 'straight', 5)).toEqual(expected.slice(0, 5));
    expect(await repo.canonicalOf(2)).toEqual({ mode: 'listed', id: 1, title: 'Video 1', dir: 'video-1' });
    expect(await repo.canonicalOf(1)).toBeUndefined();
    expect((await repo.publicVersions(1)).map((x) => x.id)).toEqual([2]);
    const sums = await repo.sums([1, 2]);
    const [v1, v2] = [videos[0], videos[1]];
    expect(sums).toEqual({
      views: v1.video_viewed + v2.video_viewed,
      comments: v1.comments_count + v2.comments_count,
    });
    expect(await repo.sums([])).toEqual({ views: 0, comments: 0 });
    const hidden = [2, 4]
      .map((id) => videos[id - 1])
      .filter((x) => x.status_id === 1 && x.is_private === 0 && x.gender === 'straight');
    expect(await repo.hiddenInFacet('straight', 0, [1, 2, 3], false)).toBe(hidden.length);
    expect(await repo.hiddenInFacet('straight', 0, [1, 2, 3], true)).toBe(
      hidden.filter((x) => x.is_hd).length,
    );
  });
});

describe('the listings on both databases', () => {
  it('answer the same ids in the same order', () => {
    expect(answers.size).toBe(contractTargets().filter((t) => !t.skip).length);
    if (answers.size < 2) return; // PostgreSQL unavailable here (the skip is reported above)
    expect(answers.get('PostgreSQL')).toEqual(answers.get('SQLite'));
  });
});

describe('statement texts', () => {
  it('depend on the query shape only, not on its values (SQLite keeps one prepared statement per text)', async () => {
    const sqlite = contractTargets().find((t) => t.name === 'SQLite')!;
    const { layer, close } = await sqlite.open();
    if (layer.dialect !== 'sqlite') throw new Error('not SQLite');
    const texts: string[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: layer.sqlite }),
      log: (event) => {
        texts.push(event.query.sql);
      },
    });
    const listing = createListingRepository({ db, dialect: 'sqlite' });
    const videos = createVideosRepository({ db, dialect: 'sqlite' });
    /** Every shape with values shifted: other genders, ids, times, pages and id-list lengths. */
    const shifted = (f: ListingFilter): ListingFilter => {
      const t = f.target;
      const target: ResolvedSection =
        t.section === 'categories' && t.ids
          ? { section: 'categories', ids: t.ids.map((id) => (id < 63 ? id + 10 : id + 1)) }
          : t.section === 'playlist'
            ? { section: 'playlist', playlistId: 9 }
            : t.section === 'member'
              ? { ...t, memberId: 2 }
              : t.section === 'models'
                ? { section: 'models', dir: 'bea' }
                : t;
      return {
        ...f,
        gender: f.gender && 'gay',
        decade: f.decade && 1950,
        duration: f.duration && (((f.duration % 3) + 1) as DurationFilter),
        postedSince: f.postedSince && f.postedSince - 5,
        target,
      };
    };
    const runAll = async (variant: (f: ListingFilter) => ListingFilter, page: number, ids: number[]) => {
      texts.length = 0;
      for (const f of Object.values(shapes())) {
        await listing.pageIds(variant(f), { limit: 10 * page, offset: 10 * page, models: 'exists' });
        await listing.count(variant(f));
      }
      await listing.thumbs(ids);
      await listing.listedIds(ids);
      await videos.sums(ids);
      await videos.hiddenInFacet('straight', 1, ids.slice(0, 2), true);
      return [...texts];
    };
    const first = await runAll((f) => f, 1, [1, 2, 3]);
    const second = await runAll(shifted, 3, [4, 5, 6, 7, 8, 9, 10]);
    expect(second).toEqual(first);
    await db.destroy().catch(() => {});
    await close();
  });

  it('walk a length-filtered page along the index led by the duration bucket, seeking the bucket', async () => {
    const sqlite = contractTargets().find((t) => t.name === 'SQLite')!;
    const { layer, close } = await sqlite.open();
    if (layer.dialect !== 'sqlite') throw new Error('not SQLite');
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: layer.sqlite }),
      log: (event) => {
        queries.push(event.query);
      },
    });
    const listing = createListingRepository({ db, dialect: 'sqlite' });
    const plan = async (f: ListingFilter) => {
      queries.length = 0;
      await listing.pageIds(f, { limit: 10, offset: 10, models: 'exists' });
      const [q] = queries;
      return (
        layer.sqlite.prepare(`EXPLAIN QUERY PLAN ${q!.sql}`).all(...q!.parameters) as { detail: string }[]
      )
        .map((r) => r.detail)
        .join('; ');
    };
    const inCategory: ResolvedSection = { section: 'categories', ids: [1] };
    expect(await plan(filter({ sort: 'most-viewed', duration: 3, target: inCategory }))).toMatch(
      /videos_viewed_length_idx \(gender=\? AND duration_bucket=\?\)/,
    );
    expect(await plan(filter({ sort: 'most-popular', date: 'day', duration: 1 }))).toMatch(
      /videos_pop_day_length_idx \(gender=\? AND duration_bucket=\?\)/,
    );
    // No length filter, or a window: the sort's own index.
    expect(await plan(filter({ sort: 'most-viewed', target: inCategory }))).toMatch(/videos_viewed_idx/);
    expect(
      await plan(filter({ sort: 'top-rated', date: 'week', duration: 2, postedSince: NOW - 7 * DAY })),
    ).not.toMatch(/length_idx/);
    await db.destroy().catch(() => {});
    await close();
  });
});
