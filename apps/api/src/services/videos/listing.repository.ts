import {
  type DataLayer,
  hasAllBits,
  inIdList,
  type ListingSortIndex,
  listingVideosTable,
  rowsInOrderOf,
  testedInIndex,
} from '@vt/db';
import type { DateFilter, DurationFilter, Gender, VideoSort } from '@vt/rules';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ListingSection } from './video.dto';
import { THUMB_COLUMNS, type ThumbRow } from './video-row';

/** Category ids below this live in videos.category_mask (a signed 64-bit integer). */
export const MASK_BITS = 63;

/** The category_mask bits of these category ids (each below MASK_BITS). */
export const categoryMask = (ids: readonly number[]): bigint =>
  ids.reduce((m, id) => m | (1n << BigInt(id)), 0n);

/** Seconds per duration filter: 1 under 10 min, 2 10–40 min, 3 over 40 min (as videos.duration_bucket). */
const DURATION_RANGE: Record<1 | 2 | 3, [number, number]> = { 1: [0, 599], 2: [600, 2400], 3: [2401, 1e9] };

/** A categories section with its dirs resolved to ids; null when one of them does not exist (no videos). */
export type ResolvedSection =
  | Exclude<ListingSection, { section: 'categories' }>
  | { section: 'categories'; ids: number[] | null };

/** One listing's filter, with what the service looked up resolved: what the SQL depends on, nothing else. */
export interface ListingFilter {
  /** Null: every orientation (a member's uploads, a channel). */
  gender: Gender | null;
  sort: VideoSort;
  date: DateFilter;
  duration: DurationFilter;
  hdOnly: boolean;
  decade: number | null;
  /** "Top rated" of a day, week or month: posted since this time. */
  postedSince: number | null;
  target: ResolvedSection;
  /** Browsing sections show a version group once, by its canonical (ADR 0035). */
  onePerGroup: boolean;
}

/** Without counts to choose by: a day, or any window within one category, is a small range of the post-date index. */
const defaultWindow = (f: ListingFilter): WindowPath =>
  f.date === 'day' || f.target.section === 'categories' ? 'post-date' : 'rating';

/** The index led by orientation and duration bucket for each sort column but "longest"'s (ADR 0046). */
const LENGTH_INDEX: Record<string, ListingSortIndex> = {
  post_date: 'videos_latest_length_idx',
  comments_count: 'videos_commented_length_idx',
  video_viewed: 'videos_viewed_length_idx',
  popularity: 'videos_popular_length_idx',
  views_day: 'videos_pop_day_length_idx',
  views_week: 'videos_pop_week_length_idx',
  views_month: 'videos_pop_month_length_idx',
  rating: 'videos_rating_length_idx',
};

/**
 * A browsing listing filtered by length and not by a window walks the index led by the duration bucket:
 * a page of a small category's long films reads a quarter of the entries it would on the sort index.
 */
const walksByLength = (f: Pick<ListingFilter, 'duration' | 'sort' | 'postedSince' | 'target'>) =>
  f.duration !== 0 &&
  f.sort !== 'longest' &&
  f.postedSince === null &&
  (f.target.section === 'all' || f.target.section === 'categories');

/**
 * The duration bucket a page walk seeks (0: none): "longest" seeks its range of the sort column, a walk by
 * length the bucket leading its index. The walk to a page then crosses only that bucket's videos.
 */
export const soughtBucket = (f: Pick<ListingFilter, 'duration' | 'sort' | 'postedSince' | 'target'>) =>
  f.sort === 'longest' || walksByLength(f) ? f.duration : 0;

/** Each sort orders by exactly its partial index's columns (sort column, then id): no sort step, ever. */
export function sortColumn(sort: VideoSort, date: DateFilter): string {
  return {
    'latest-updates': 'post_date',
    longest: 'duration_sec',
    'most-commented': 'comments_count',
    'most-viewed': 'video_viewed',
    'top-rated': 'rating',
    'most-popular': { all: 'popularity', day: 'views_day', week: 'views_week', month: 'views_month' }[date],
  }[sort];
}

/** The videos of `v` that are not a version shown under a public canonical (ADR 0035). */
export const notAVersion = sql<SqlBool>`not exists (select 1 from video_versions vv join videos vc on vc.id = vv.canonical_id
  where vv.video_id = v.id and vc.status_id = 1 and vc.is_private = 0)`;

interface Built {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  /** The order's columns, each ascending or each descending; the last one makes it total. */
  keys: string[];
  ascending: boolean;
}

/**
 * The versions `notAVersion` hides, as a condition driven from video_versions (a few rows): a count
 * subtracts these from the count without `notAVersion`, instead of probing video_versions once per video.
 */
const aHiddenVersion = sql<SqlBool>`v.id in (select vv.video_id from video_versions vv
  where exists (select 1 from videos vc where vc.id = vv.canonical_id and vc.status_id = 1 and vc.is_private = 0))`;

/**
 * How a model's videos are found: `exists` probes each video met on the sort index (a big model's page),
 * `links` reads the model's own links (its count, and the page of a model with few videos).
 */
export type ModelPath = 'exists' | 'links';

/**
 * Which index a "top rated" of a day, week or month walks: `post-date` reads the window's range of the
 * post-date index (which carries rating) and sorts it; `rating` walks the rating index and skips videos
 * posted before the window. The service chooses by the counts it has (video-listing.service.ts).
 */
export type WindowPath = 'post-date' | 'rating';

/**
 * A listed video of a top-rated window, as far as its filters read it: its category mask in two 32-bit
 * halves (a mask is 63 bits; a JS number holds 53).
 */
export interface WindowRow {
  id: number;
  maskHigh: number;
  maskLow: number;
  duration: number;
  hd: number;
}

/** One page: `reverse` walks the listing from its end (a deep page of a sparse listing reads less). */
export interface ListingPage {
  limit: number;
  offset: number;
  models: ModelPath;
  window?: WindowPath;
  reverse?: boolean;
}

/**
 * The listings' SQL (ADR 0041): the page walk over a partial sort index (deferred join: ids first, then
 * the page's rows), its count, and the look-ups the service resolves a listing with. The statement text
 * depends on the query's shape only (every value a parameter, id lists one parameter), so the SQLite
 * data layer prepares each shape once.
 */
export function createListingRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** `window` set: the page walk names its sort index; a count (null) keeps the planner's choice. */
  function build(f: ListingFilter, models: ModelPath, window: WindowPath | null): Built {
    const where: RawBuilder<unknown>[] = [sql`v.status_id = 1`, sql`v.is_private = 0`];
    if (f.gender !== null) where.push(sql`v.gender = ${f.gender}`);
    let index: ListingSortIndex | null = null;
    let from: RawBuilder<unknown> | null = null;
    let keys = [`v.${sortColumn(f.sort, f.date)}`, 'v.id'];
    let ascending = false;
    // Equality filters are tested inside the covering sort index, not used as index constraints.
    if (f.duration && f.sort === 'longest') {
      // On the duration index the bucket is a range of the sort column itself: seek, do not skip.
      const [min, max] = DURATION_RANGE[f.duration];
      where.push(sql`v.duration_sec >= ${min}`, sql`v.duration_sec <= ${max}`);
    } else if (window && walksByLength(f)) {
      index = LENGTH_INDEX[sortColumn(f.sort, f.date)]!;
      where.push(sql`v.duration_bucket = ${f.duration}`);
    } else if (f.duration) {
      where.push(sql`${testedInIndex(dialect, 'v.duration_bucket')} = ${f.duration}`);
    }
    if (f.hdOnly) where.push(sql`${testedInIndex(dialect, 'v.is_hd')} = 1`);
    if (f.decade) where.push(sql`${testedInIndex(dialect, 'v.production_decade')} = ${f.decade}`);
    if (f.postedSince !== null) {
      index = window === 'post-date' ? 'videos_latest_idx' : 'videos_rating_idx';
      where.push(sql`v.post_date >= ${f.postedSince}`);
    }
    const t = f.target;
    switch (t.section) {
      case 'all':
        break;
      case 'categories': {
        if (t.ids === null) {
          where.push(sql`1 = 0`);
          break;
        }
        const inMask = t.ids.filter((id) => id < MASK_BITS);
        if (inMask.length) {
          const mask = categoryMask(inMask);
          where.push(hasAllBits(dialect, 'v.category_mask', mask));
        }
        for (const id of t.ids.filter((id) => id >= MASK_BITS))
          where.push(
            sql`exists (select 1 from video_categories vc where vc.video_id = v.id and vc.category_id = ${id})`,
          );
        break;
      }
      case 'models':
        where.push(
          models === 'links'
            ? sql`v.id in (select vm.video_id from video_models vm join models m on m.id = vm.model_id where m.dir = ${t.dir})`
            : sql`exists (select 1 from video_models vm join models m on m.id = vm.model_id where vm.video_id = v.id and m.dir = ${t.dir})`,
        );
        break;
      case 'country':
        // Videos watched from that country. "Most popular" ranks by views from there (top in country);
        // every other sort keeps its own order over the same set.
        if (f.sort === 'most-popular') {
          from = sql`video_country_views cv join videos v on v.id = cv.video_id`;
          where.push(sql`cv.country = ${t.country}`, sql`cv.gender = v.gender`);
          keys = ['cv.views', 'v.id'];
        } else {
          where.push(
            sql`exists (select 1 from video_country_views cv where cv.country = ${t.country} and cv.video_id = v.id)`,
          );
        }
        break;
      case 'channel':
        where.push(sql`v.channel_id = ${t.channelId}`);
        break;
      case 'playlist':
        from = sql`playlist_videos pv join videos v on v.id = pv.video_id`;
        where.push(sql`pv.playlist_id = ${t.playlistId}`);
        keys = ['pv.position', 'v.id'];
        ascending = true;
        break;
      case 'member':
        if (t.list === 'uploaded') {
          where.push(sql`v.uploader_id = ${t.memberId}`);
          keys = ['v.post_date', 'v.id'];
        } else if (t.list === 'history') {
          from = sql`watch_history h join videos v on v.id = h.video_id`;
          where.push(sql`h.member_id = ${t.memberId}`);
          keys = ['h.viewed_at', 'v.id'];
        } else {
          from = sql`member_lists ml join videos v on v.id = ml.video_id`;
          where.push(sql`ml.member_id = ${t.memberId}`, sql`ml.list = ${t.list}`);
          keys = ['ml.added_at', 'v.id'];
        }
        break;
    }
    if (f.onePerGroup) where.push(notAVersion);
    // The hint names an index on videos; sections that join other tables first keep their own plan. A
    // channel's or a member's videos are found by columns that only `videos` has.
    const keysSuffice = t.section !== 'channel' && t.section !== 'member';
    return {
      from: from ?? listingVideosTable(dialect, window ? index : null, keysSuffice),
      where,
      keys,
      ascending,
    };
  }

  const conditions = (b: Built) => sql.join(b.where, sql` and `);
  const orderBy = (b: Built, reverse: boolean) => {
    const direction = b.ascending !== reverse ? sql`asc` : sql`desc`;
    return sql.join(b.keys.map((k) => sql`${sql.ref(k)} ${direction}`));
  };
  const pageQuery = (f: ListingFilter, page: ListingPage) => {
    const b = build(f, page.models, page.window ?? defaultWindow(f));
    return sql<{ id: number }>`select v.id from ${b.from} where ${conditions(b)}
        order by ${orderBy(b, page.reverse === true)} limit ${page.limit} offset ${page.offset}`;
  };
  const inPageOrder = <T>(rows: T[], page: ListingPage) => (page.reverse ? rows.reverse() : rows);
  const countOf = async (b: Built) => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${b.from} where ${conditions(b)}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  const thumbs = (ids: readonly number[]): Promise<ThumbRow[]> =>
    db
      .selectFrom('videos as v')
      .select(THUMB_COLUMNS)
      .where(inIdList(dialect, 'v.id', ids))
      .execute();

  return {
    /** One page of a listing's ids, in its order. */
    async pageIds(f: ListingFilter, page: ListingPage) {
      const { rows } = await pageQuery(f, page).execute(db);
      return inPageOrder(
        rows.map((r) => r.id),
        page,
      );
    },

    /** Every id of a listing, in its order (a small top-rated window, read once for all its pages). */
    async allIds(f: ListingFilter, window: WindowPath): Promise<number[]> {
      const b = build(f, 'exists', window);
      const { rows } = await sql<{ id: number }>`select v.id from ${b.from} where ${conditions(b)}
        order by ${orderBy(b, false)}`.execute(db);
      return rows.map((r) => r.id);
    },

    /**
     * Every listed video of one orientation posted since a time, best rated first (then newest): the rows
     * every top-rated window of that time filters, from the post-date index alone (it carries them all).
     */
    async windowRows(gender: Gender, postedSince: number): Promise<WindowRow[]> {
      const { rows } = await sql<WindowRow>`select v.id, (v.category_mask / 4294967296) as "maskHigh",
          (v.category_mask % 4294967296) as "maskLow", v.duration_bucket as duration, v.is_hd as hd
        from ${listingVideosTable(dialect, 'videos_latest_idx', true)}
        where v.status_id = 1 and v.is_private = 0 and v.gender = ${gender} and v.post_date >= ${postedSince}
        order by v.rating desc, v.id desc`.execute(db);
      return rows.map((r) => ({
        id: Number(r.id),
        maskHigh: Number(r.maskHigh),
        maskLow: Number(r.maskLow),
        duration: Number(r.duration),
        hd: Number(r.hd),
      }));
    },

    /** Videos the browsing listings hide: versions shown under a public canonical (ADR 0035); a few rows. */
    async hiddenVersionIds(): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`select vv.video_id as id from video_versions vv
        where exists (select 1 from videos vc where vc.id = vv.canonical_id and vc.status_id = 1 and vc.is_private = 0)`.execute(
        db,
      );
      return rows.map((r) => Number(r.id));
    },

    /** One page of a listing's thumb rows, in its order (one statement where the dialect allows). */
    async pageThumbs(f: ListingFilter, page: ListingPage): Promise<ThumbRow[]> {
      const one = rowsInOrderOf(dialect, pageQuery(f, page), 'videos', 'v', THUMB_COLUMNS);
      if (one) return inPageOrder((await one.$castTo<ThumbRow>().execute(db)).rows, page);
      const ids = await this.pageIds(f, page);
      if (ids.length === 0) return [];
      const byId = new Map((await thumbs(ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The listing's total. (A model's videos are counted from its links, not by probing every video.) A
     * browsing listing's total is every match less the hidden versions among them: probing video_versions
     * for each of a month's 130,000 videos tripled the count's time at 1,000,000 videos.
     */
    async count(f: ListingFilter): Promise<number> {
      if (!f.onePerGroup) return countOf(build(f, 'links', null));
      const b = build({ ...f, onePerGroup: false }, 'links', null);
      const all = await countOf(b);
      return all === 0 ? 0 : all - (await countOf({ ...b, where: [...b.where, aHiddenVersion] }));
    },

    /** Thumb rows of these ids, in no particular order. */
    thumbs,

    /** Those of the ids that are listed (active and public). */
    async listedIds(ids: readonly number[]): Promise<number[]> {
      const rows = await db
        .selectFrom('videos as v')
        .select('v.id')
        .where(inIdList(dialect, 'v.id', ids))
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .execute();
      return rows.map((r) => r.id);
    },

    async categoryId(dir: string): Promise<number | null> {
      const r = await db.selectFrom('categories').select('id').where('dir', '=', dir).executeTakeFirst();
      return r?.id ?? null;
    },

    /** A model's orientation and its maintained count of listed videos (docs/decisions/0024). */
    async model(dir: string): Promise<{ gender: Gender; videosCount: number } | null> {
      const r = await db
        .selectFrom('models')
        .select(['gender', 'videos_count'])
        .where('dir', '=', dir)
        .executeTakeFirst();
      return r ? { gender: r.gender, videosCount: Number(r.videos_count) } : null;
    },

    async playlistOrientation(id: number): Promise<Gender | null> {
      const r = await db
        .selectFrom('playlists')
        .select('orientation')
        .where('id', '=', id)
        .executeTakeFirst();
      return r?.orientation ?? null;
    },

    /** Every facet total (listing_facets): listed videos per orientation, category, duration and quality. */
    facets() {
      return db
        .selectFrom('listing_facets')
        .select(['gender', 'category_id', 'duration_bucket', 'is_hd', 'videos'])
        .execute();
    },
  };
}

export type ListingRepository = ReturnType<typeof createListingRepository>;
