import type { DateFilter, Gender, VideoSort } from '@vt/rules';
import type Database from 'better-sqlite3';
import { TtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { ListingQuery, ListingSection, VideoThumb } from './video.dto';
import { THUMB_COLUMNS, type ThumbRow, toThumb } from './video-row';
import { notAVersion, type VideoVersions } from './video-versions.service';

export const MAX_PAGE = 10_000;
/** Category ids below this live in videos.category_mask (a signed 64-bit integer). */
export const MASK_BITS = 63;

const DAY = 86_400;
/** Seconds per duration filter: 1 under 10 min, 2 10–40 min, 3 over 40 min (as videos.duration_bucket). */
const DURATION_RANGE: Record<1 | 2 | 3, [number, number]> = { 1: [0, 599], 2: [600, 2400], 3: [2401, 1e9] };
const DATE_WINDOW: Record<Exclude<DateFilter, 'all'>, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY };

/** Each sort orders by exactly its partial index's columns (sort column, then id): no sort step, ever. */
export function orderFor(sort: VideoSort, date: DateFilter): string {
  const column = {
    'latest-updates': 'post_date',
    longest: 'duration_sec',
    'most-commented': 'comments_count',
    'most-viewed': 'video_viewed',
    'top-rated': 'rating',
    'most-popular': { all: 'popularity', day: 'views_day', week: 'views_week', month: 'views_month' }[date],
  }[sort];
  return `v.${column} DESC, v.id DESC`;
}

export const MODEL_EXISTS =
  'EXISTS (SELECT 1 FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id AND m.dir = ?)';
/** The same set driven from the model's links: a count reads those instead of probing every video. */
const MODEL_IN =
  'v.id IN (SELECT vm.video_id FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE m.dir = ?)';
/** Up to this many videos a model's page is read from its links and sorted (ms at 1M videos). */
const SMALL_MODEL_SET = 10_000;

interface Built {
  from: string;
  /** An INDEXED BY clause for the page walk only; counts keep the planner's choice. */
  hint: string;
  where: string[];
  params: unknown[];
  order: string;
}

export interface ListingDeps {
  sqlite: Database.Database;
  urls: MediaUrls;
  clock: Clock;
  /** Version groups (ADR 0035): browsing listings show a group once, by its canonical. */
  versions?: Pick<VideoVersions, 'hiddenInFacet'>;
}

/** Sections that browse the catalogue show a version group once; a model's, member's, channel's or playlist's own shelf lists every video. */
const ONE_PER_GROUP: ReadonlySet<ListingSection['section']> = new Set(['all', 'categories', 'country']);
const NOT_A_VERSION = notAVersion('v');

export function createVideoListing({ sqlite, urls, clock, versions }: ListingDeps) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let st = statements.get(sql);
    if (!st) {
      st = sqlite.prepare(sql);
      statements.set(sql, st);
    }
    return st;
  };
  const categoryIds = new TtlMemo<number | null>(60_000);
  const categoryByDir = sqlite.prepare('SELECT id FROM categories WHERE dir = ?').pluck();
  const categoryId = (dir: string) =>
    categoryIds.getOrCompute(dir, () => (categoryByDir.get(dir) as number | undefined) ?? null);
  // A model's and a playlist's page list the videos of the model's (playlist's) own orientation, and a
  // member's uploads and a channel list all of theirs, whoever looks: their maintained counts
  // (models.videos_count, playlists.videos_count, members.videos_count, channels.videos_count) are then the
  // same for every visitor and equal to these listings' totals (docs/decisions/0024). Null: no orientation
  // filter.
  const modelGender = sqlite.prepare('SELECT gender FROM models WHERE dir = ?').pluck();
  const playlistOrientation = sqlite.prepare('SELECT orientation FROM playlists WHERE id = ?').pluck();
  const genderOf = (t: ListingSection, visitor: Gender): Gender | null => {
    if (t.section === 'models') return (modelGender.get(t.dir) as Gender | undefined) ?? visitor;
    if (t.section === 'playlist')
      return (playlistOrientation.get(t.playlistId) as Gender | undefined) ?? visitor;
    // A member's uploads and a channel are one publisher's shelf: all of it, whoever looks.
    if (t.section === 'member' && t.list === 'uploaded') return null;
    if (t.section === 'channel') return null;
    return visitor;
  };
  // Exact totals over a million rows cost tens of milliseconds; a minute of staleness is invisible.
  const counts = new TtlMemo<number>(60_000);

  function build(q: ListingQuery): Built {
    const where = ['v.status_id = 1', 'v.is_private = 0'];
    const params: unknown[] = [];
    const gender = genderOf(q.target, q.gender);
    if (gender !== null) {
      where.push('v.gender = ?');
      params.push(gender);
    }
    let from = 'videos v';
    let hint = '';
    let order = orderFor(q.sort, q.date);
    // Unary + keeps these equality filters from being used as index constraints (a skip-scan that loses
    // the index order and sorts the whole set); they are tested inside the covering sort index instead.
    if (q.duration && q.sort === 'longest') {
      // On the duration index the bucket is a range of the sort column itself: seek, do not skip.
      const [min, max] = DURATION_RANGE[q.duration];
      where.push('v.duration_sec >= ?', 'v.duration_sec <= ?');
      params.push(min, max);
    } else if (q.duration) {
      where.push('+v.duration_bucket = ?');
      params.push(q.duration);
    }
    if (q.hdOnly) where.push('+v.is_hd = 1');
    if (q.decade) {
      where.push('+v.production_decade = ?');
      params.push(q.decade);
    }
    if (q.sort === 'top-rated' && q.date !== 'all') {
      // A day, or any window within one category, is a small range of the post-date index (which carries
      // rating) to sort; a wide window over everything is cheaper to walk along the rating index.
      const narrow = q.date === 'day' || q.target.section === 'categories';
      hint = ` INDEXED BY ${narrow ? 'videos_latest_idx' : 'videos_rating_idx'}`;
      where.push('v.post_date >= ?');
      params.push(clock.now() - DATE_WINDOW[q.date]);
    }
    const t = q.target;
    switch (t.section) {
      case 'all':
        break;
      case 'categories': {
        const ids = t.dirs.map(categoryId);
        if (ids.some((id) => id === null)) {
          where.push('0');
          break;
        }
        const inMask = (ids as number[]).filter((id) => id < MASK_BITS);
        if (inMask.length) {
          const mask = inMask.reduce((m, id) => m | (1n << BigInt(id)), 0n);
          where.push('(v.category_mask & ?) = ?');
          params.push(mask, mask);
        }
        for (const id of (ids as number[]).filter((id) => id >= MASK_BITS)) {
          where.push(
            'EXISTS (SELECT 1 FROM video_categories vc WHERE vc.video_id = v.id AND vc.category_id = ?)',
          );
          params.push(id);
        }
        break;
      }
      case 'models':
        where.push(MODEL_EXISTS);
        params.push(t.dir);
        break;
      case 'country':
        // Videos watched from that country. "Most popular" ranks by views from there (top in country);
        // every other sort keeps its own order over the same set.
        if (q.sort === 'most-popular') {
          from = 'video_country_views cv JOIN videos v ON v.id = cv.video_id';
          where.push('cv.country = ?', 'cv.gender = v.gender');
          params.push(t.country);
          order = 'cv.views DESC, v.id DESC';
        } else {
          where.push(
            'EXISTS (SELECT 1 FROM video_country_views cv WHERE cv.country = ? AND cv.video_id = v.id)',
          );
          params.push(t.country);
        }
        break;
      case 'channel':
        where.push('v.channel_id = ?');
        params.push(t.channelId);
        break;
      case 'playlist':
        from = 'playlist_videos pv JOIN videos v ON v.id = pv.video_id';
        where.push('pv.playlist_id = ?');
        params.push(t.playlistId);
        order = 'pv.position ASC';
        break;
      case 'member':
        if (t.list === 'uploaded') {
          where.push('v.uploader_id = ?');
          params.push(t.memberId);
          order = 'v.post_date DESC, v.id DESC';
        } else if (t.list === 'history') {
          from = 'watch_history h JOIN videos v ON v.id = h.video_id';
          where.push('h.member_id = ?');
          params.push(t.memberId);
          order = 'h.viewed_at DESC';
        } else {
          from = 'member_lists ml JOIN videos v ON v.id = ml.video_id';
          where.push('ml.member_id = ?', 'ml.list = ?');
          params.push(t.memberId, t.list);
          order = 'ml.added_at DESC';
        }
        break;
    }
    if (ONE_PER_GROUP.has(t.section)) where.push(NOT_A_VERSION);
    // The hint names an index on videos; sections that join other tables first keep their own plan.
    return { from, hint: from === 'videos v' ? hint : '', where, params, order };
  }

  const facetRows = sqlite.prepare(
    'SELECT gender, category_id AS cat, duration_bucket AS db, is_hd AS hd, videos FROM listing_facets',
  );
  const facets = new TtlMemo<Map<string, number>>(60_000);
  const facetMap = () =>
    facets.getOrCompute('all', () => {
      const rows = facetRows.all() as {
        gender: string;
        cat: number;
        db: number;
        hd: number;
        videos: number;
      }[];
      return new Map(rows.map((r) => [`${r.gender}|${r.cat}|${r.db}|${r.hd}`, r.videos]));
    });

  /** The total from listing_facets, for the filter shapes it covers (all, or one category); else null. */
  function facetTotal(q: ListingQuery): number | null {
    if (q.sort === 'top-rated' && q.date !== 'all') return null;
    if (q.decade) return null;
    const t = q.target;
    let cat: number | null;
    if (t.section === 'all') cat = 0;
    else if (t.section === 'categories' && t.dirs.length === 1) cat = categoryId(t.dirs[0]);
    else return null;
    if (cat === null) return 0;
    const map = facetMap();
    if (map.size === 0) return null;
    let total = 0;
    const durations = q.duration ? [q.duration] : [1, 2, 3];
    for (const db of durations) {
      for (const hd of q.hdOnly ? [1] : [0, 1]) total += map.get(`${q.gender}|${cat}|${db}|${hd}`) ?? 0;
    }
    // The facets count every listed video; versions shown under their canonical are not on the page.
    return total - (versions?.hiddenInFacet(q.gender, cat, durations, q.hdOnly) ?? 0);
  }

  function totalCount(b: Built): number {
    // The page walks the sort index and probes each video (EXISTS); the count must not walk a million rows.
    const where = b.where.map((w) => (w === MODEL_EXISTS ? MODEL_IN : w));
    const sql = `SELECT count(*) AS n FROM ${b.from} WHERE ${where.join(' AND ')}`;
    const count = () => (prepare(sql).get(...b.params) as { n: number }).n;
    // A playlist's or a member's list changes with every add and remove (its count column at once): its
    // small set is counted fresh, so the total never lags the count its page shows.
    if (/^(playlist_videos|watch_history|member_lists) /.test(b.from)) return count();
    const key = `${sql}|${b.params.map(String).join('|')}`;
    return counts.getOrCompute(key, count);
  }

  const byIds = prepare(
    `SELECT ${THUMB_COLUMNS} FROM videos v WHERE v.id IN (SELECT value FROM json_each(?))`,
  );

  /** Thumbs for the ids, in the ids' order. */
  function fetchThumbs(ids: number[]): VideoThumb[] {
    if (ids.length === 0) return [];
    const byId = new Map((byIds.all(JSON.stringify(ids)) as ThumbRow[]).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toThumb(r, urls)] : [];
    });
  }

  /** Deferred join: page through the narrow covering index first, then read only the page's rows. */
  function idsFor(b: Built, q: Pick<ListingQuery, 'count' | 'page'>): number[] {
    const sql = `SELECT v.id FROM ${b.from}${b.hint} WHERE ${b.where.join(' AND ')} ORDER BY ${b.order} LIMIT ? OFFSET ?`;
    return prepare(sql)
      .pluck()
      .all(...b.params, q.count, (q.page - 1) * q.count) as number[];
  }

  /** The ids of one page, without the total. */
  const pageIds = (q: ListingQuery) => idsFor(build(q), q);

  const listedOf = prepare(
    'SELECT id FROM videos WHERE id IN (SELECT value FROM json_each(?)) AND status_id = 1 AND is_private = 0',
  ).pluck();

  return {
    fetchThumbs,

    /** Thumbs of those of the ids a visitor may see (a local history names videos since taken down). */
    listedThumbs(ids: number[]): VideoThumb[] {
      if (ids.length === 0) return [];
      const listed = new Set(listedOf.all(JSON.stringify(ids)) as number[]);
      return fetchThumbs(ids.filter((id) => listed.has(id)));
    },

    pageIds,

    list(q: ListingQuery): Listing<VideoThumb> {
      const b = build(q);
      // The (memoized) total first: a page past the end is answered without walking the index to it.
      const total = facetTotal(q) ?? totalCount(b);
      // A model with few videos is sparse in the sort index: sorting its own rows beats walking to them.
      const page =
        total <= SMALL_MODEL_SET
          ? { ...b, where: b.where.map((w) => (w === MODEL_EXISTS ? MODEL_IN : w)) }
          : b;
      const items = (q.page - 1) * q.count < total ? fetchThumbs(idsFor(page, q)) : [];
      return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
    },

    /** Drops memoized totals, e.g. after a publish or takedown or a facet rebuild. */
    invalidateCounts(): void {
      counts.clear();
      facets.clear();
    },
  };
}

export type VideoListing = ReturnType<typeof createVideoListing>;

/** A listing query without the visitor's filters: any duration, any quality, all time, newest first. */
export function unfilteredQuery(
  q: Pick<ListingQuery, 'gender' | 'target' | 'page' | 'count'> &
    Partial<Pick<ListingQuery, 'sort' | 'date'>>,
): ListingQuery {
  return { sort: 'latest-updates', date: 'all', duration: 0, hdOnly: false, ...q };
}
