import type { DateFilter, DurationFilter, Gender, VideoSort } from '@vt/rules';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { PublicCaches } from '../shared/public-caches';
import {
  categoryMask,
  type ListingFilter,
  type ListingPage,
  type ListingRepository,
  MASK_BITS,
  type ModelPath,
  type ResolvedSection,
  sortColumn,
  soughtBucket,
  type WindowPath,
} from './listing.repository';
import type { ListingQuery, ListingSection, VideoThumb } from './video.dto';
import { toThumb } from './video-row';
import type { VideoVersions } from './video-versions.service';

export const MAX_PAGE = 10_000;
export { MASK_BITS };

/** Each sort's ORDER BY over its partial index (sort column, then id), for the FTS5 engine's raw SQL. */
export function orderFor(sort: VideoSort, date: DateFilter): string {
  return `v.${sortColumn(sort, date)} DESC, v.id DESC`;
}

/** A model's videos, for the FTS5 engine's raw SQL. */
export const MODEL_EXISTS =
  'EXISTS (SELECT 1 FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id AND m.dir = ?)';

const DAY = 86_400;
const DATE_WINDOW: Record<Exclude<DateFilter, 'all'>, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY };
/** Before the facets are built: up to this many videos a model's page is read from its links and sorted. */
const SMALL_MODEL_SET = 10_000;
/** Up to this many thumbs a first page is one of the site's blocks (home, suggestions), memoised a minute. */
const BLOCK_MAX = 25;

export interface ListingDeps {
  repository: ListingRepository;
  urls: MediaUrls;
  clock: Clock;
  /** Version groups (ADR 0035): browsing listings show a group once, by its canonical. */
  versions?: Pick<VideoVersions, 'hiddenInFacet'>;
  /** Index entries a forward walk must be estimated to read before a page is read from the end instead. */
  reverseAfter?: number;
  /** Up to this many expected matches a top-rated window's ordered ids are read at once and memoised. */
  smallWindow?: number;
  /** Every node's public caches: a purge anywhere (a takedown) drops the memoised window ids here too. */
  caches?: Pick<PublicCaches, 'register'>;
  /** Up to this many videos posted in a window, its rows are read once for all its filters (0: never). */
  snapshotUpTo?: number;
}

/** Sections that browse the catalogue show a version group once; a model's, member's, channel's or playlist's own shelf lists every video. */
const ONE_PER_GROUP: ReadonlySet<ListingSection['section']> = new Set(['all', 'categories', 'country']);

/**
 * Sections walked along a sort index of videos, whose totals are exact (facets, or counts purged with
 * them): a page in the second half of such a listing is read from its end when the walk to it is long.
 * A deep page of a sparse listing (a small category of long videos, page 49) otherwise walks most of the
 * index. Only long walks: a total that lags (a video written past the publish path) shifts a page read
 * from the end, so the first pages, and every page of a small site, are always read from the start.
 */
const FROM_EITHER_END: ReadonlySet<ListingSection['section']> = new Set(['all', 'categories']);
const REVERSE_AFTER = 50_000;
/**
 * A window of a category or filter (a month's restored HD films: 7,000 of a month's 130,000) is sorted
 * from the post-date index whichever way it is read; one walk that keeps every match's id in order answers
 * its total and all of its pages for a minute, where a count and a page walked the window twice.
 */
const SMALL_WINDOW = 20_000;
/**
 * A top-rated window's videos (a month held 130,000 of 1,000,000 on the bench site) are read once a minute
 * for every category, duration and quality filter of it, and filtered here: reading the window's range of
 * the post-date index for each filter took 30–50 ms on SQLite, filtering the rows in memory a millisecond.
 * Typed arrays: about 25 bytes a video, so at most 6 MB a window and six windows kept.
 */
const SNAPSHOT_UP_TO = 250_000;

/** A window's videos, best rated first, with what its filters test. */
interface WindowSnapshot {
  ids: Float64Array;
  maskHigh: Uint32Array;
  maskLow: Uint32Array;
  duration: Uint8Array;
  hd: Uint8Array;
}
const TWO_32 = 2 ** 32;

export function createVideoListing({
  repository,
  urls,
  clock,
  versions,
  reverseAfter = REVERSE_AFTER,
  smallWindow = SMALL_WINDOW,
  caches,
  snapshotUpTo = SNAPSHOT_UP_TO,
}: ListingDeps) {
  const categoryIds = new AsyncTtlMemo<number | null>(60_000);
  const categoryId = (dir: string) => categoryIds.getOrCompute(dir, () => repository.categoryId(dir));
  // A model's and a playlist's page list the videos of the model's (playlist's) own orientation, and a
  // member's uploads and a channel list all of theirs, whoever looks: their maintained counts
  // (models.videos_count, playlists.videos_count, members.videos_count, channels.videos_count) are then the
  // same for every visitor and equal to these listings' totals (docs/decisions/0024). Null: no orientation
  // filter. A model's count is read with its orientation: it is the total of the model's listing without
  // filters, which counting the model's links put at 30-100 ms for the largest of 1,000,000 videos.
  async function ownerOf(
    t: ListingSection,
    visitor: Gender,
  ): Promise<{ gender: Gender | null; maintained: number | null }> {
    if (t.section === 'models') {
      const model = await repository.model(t.dir);
      return model
        ? { gender: model.gender, maintained: model.videosCount }
        : { gender: visitor, maintained: null };
    }
    if (t.section === 'playlist')
      return { gender: (await repository.playlistOrientation(t.playlistId)) ?? visitor, maintained: null };
    // A member's uploads and a channel are one publisher's shelf: all of it, whoever looks.
    if ((t.section === 'member' && t.list === 'uploaded') || t.section === 'channel')
      return { gender: null, maintained: null };
    return { gender: visitor, maintained: null };
  }
  // Exact totals over a million rows cost tens of milliseconds; a minute of staleness is invisible.
  const counts = new AsyncTtlMemo<number>(60_000);

  /**
   * The query with what the SQL depends on looked up: orientation, category ids, the date window; and the
   * listing's total when a maintained count is it (an owner's listing without filters).
   */
  async function resolve(q: ListingQuery): Promise<{ f: ListingFilter; maintained: number | null }> {
    const t = q.target;
    let target: ResolvedSection;
    if (t.section === 'categories') {
      const ids = await Promise.all(t.dirs.map(categoryId));
      target = { section: 'categories', ids: ids.some((id) => id === null) ? null : (ids as number[]) };
    } else target = t;
    const owner = await ownerOf(t, q.gender);
    const f: ListingFilter = {
      gender: owner.gender,
      sort: q.sort,
      date: q.date,
      duration: q.duration,
      hdOnly: q.hdOnly,
      decade: q.decade ?? null,
      // To the minute, so that a window's count is memoised like any other total.
      postedSince:
        q.sort === 'top-rated' && q.date !== 'all'
          ? Math.floor((clock.now() - DATE_WINDOW[q.date]) / 60) * 60
          : null,
      target,
      onePerGroup: ONE_PER_GROUP.has(t.section),
    };
    const unfiltered = f.postedSince === null && !f.duration && !f.hdOnly && !f.decade;
    return { f, maintained: unfiltered ? owner.maintained : null };
  }

  const facets = new AsyncTtlMemo<Map<string, number>>(60_000);
  // The versions a facet total counts but the listing hides: memoised with the facets and cleared with them
  // (a version grouped or ungrouped goes through publish.revised, which invalidates the counts).
  const hiddenMemo = new AsyncTtlMemo<number>(60_000);
  const facetMap = () =>
    facets.getOrCompute('all', async () => {
      const rows = await repository.facets();
      return new Map(
        rows.map((r) => [`${r.gender}|${r.category_id}|${r.duration_bucket}|${r.is_hd}`, r.videos]),
      );
    });

  /** The total from listing_facets, for the filter shapes it covers (all, or one category); else null. */
  async function facetTotal(q: ListingQuery, f: ListingFilter): Promise<number | null> {
    if (f.postedSince !== null) return null;
    if (f.decade) return null;
    const t = f.target;
    let cat: number | null;
    if (t.section === 'all') cat = 0;
    else if (t.section === 'categories' && t.ids !== null && t.ids.length === 1) cat = t.ids[0];
    else if (t.section === 'categories' && t.ids === null) cat = null;
    else return null;
    if (cat === null) return 0;
    const map = await facetMap();
    if (map.size === 0) return null;
    let total = 0;
    const durations = q.duration ? [q.duration] : [1, 2, 3];
    for (const db of durations) {
      for (const hd of q.hdOnly ? [1] : [0, 1]) total += map.get(`${q.gender}|${cat}|${db}|${hd}`) ?? 0;
    }
    // The facets count every listed video; versions shown under their canonical are not on the page.
    if (!versions) return total;
    const hidden = await hiddenMemo.getOrCompute(
      `${q.gender}|${cat}|${durations.join(',')}|${q.hdOnly}`,
      () => versions.hiddenInFacet(q.gender, cat, durations, q.hdOnly),
    );
    return total - hidden;
  }

  // A playlist's or a member's list changes with every add and remove (its count column at once): its
  // small set is counted fresh, so the total never lags the count its page shows.
  const countedFresh = (t: ResolvedSection) =>
    t.section === 'playlist' || (t.section === 'member' && t.list !== 'uploaded');

  const memoKey = (f: ListingFilter) => JSON.stringify(f, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  function totalCount(f: ListingFilter): Promise<number> {
    if (countedFresh(f.target)) return repository.count(f);
    return counts.getOrCompute(memoKey(f), () => repository.count(f));
  }

  /** Thumbs for the ids, in the ids' order. */
  async function fetchThumbs(ids: number[]): Promise<VideoThumb[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await repository.thumbs(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toThumb(r, urls)] : [];
    });
  }

  const pageOf = (q: Pick<ListingQuery, 'count' | 'page'>, models: ModelPath) => ({
    limit: q.count,
    offset: (q.page - 1) * q.count,
    models,
  });

  /**
   * Listed videos of one orientation (the rows of each sort index), or of one duration bucket of it (the
   * rows a walk by length reads), from the facets; null before they are built.
   */
  async function listedOf(gender: Gender, duration: DurationFilter = 0): Promise<number | null> {
    const map = await facetMap();
    if (map.size === 0) return null;
    let n = 0;
    for (const d of duration ? [duration] : [1, 2, 3])
      for (const hd of [0, 1]) n += map.get(`${gender}|0|${d}|${hd}`) ?? 0;
    return n;
  }

  /** Every video of the orientation posted in the window: the window's range of the post-date index. */
  const windowSize = (f: ListingFilter) =>
    totalCount({
      ...f,
      duration: 0,
      hdOnly: false,
      decade: null,
      target: { section: 'all' },
      onePerGroup: false,
    });

  /** A top-rated window of a browsing listing (the section's total is exact, its videos one orientation's). */
  const browsingWindow = (f: ListingFilter): f is ListingFilter & { gender: Gender } =>
    f.postedSince !== null && f.gender !== null && FROM_EITHER_END.has(f.target.section);

  /**
   * A "top rated" of a window: sort the window's range of the post-date index (every video posted in it,
   * then the matches) or walk the rating index until the page's last match (the matches are spread over
   * it), whichever reads fewer entries. At 1,000,000 videos a category's month, page 25, took 25 ms one
   * way and 7 ms the other, and a day's first page the reverse.
   */
  async function windowPath(f: ListingFilter, total: number, reach: number): Promise<WindowPath | undefined> {
    if (!browsingWindow(f)) return undefined;
    const listed = await listedOf(f.gender);
    if (!listed) return undefined;
    const inWindow = await windowSize(f);
    const ratingWalk = Math.min(listed, (reach * listed) / Math.max(total, 1));
    return inWindow + 2 * total < ratingWalk ? 'post-date' : 'rating';
  }

  // These ids are a page's content, not a total: a takedown on another node must drop them at its next
  // request (the public caches' purge), not a minute later as the totals' memos.
  const windowIds = new AsyncTtlMemo<number[]>(60_000, 100);
  caches?.register(() => windowIds.clear());
  /** A small window's matches in order (see SMALL_WINDOW), or null for a listing read page by page. */
  async function smallWindowIds(q: ListingQuery, f: ListingFilter): Promise<number[] | null> {
    if (!browsingWindow(f)) return null;
    const [listed, allTime] = await Promise.all([
      listedOf(f.gender),
      facetTotal(q, { ...f, postedSince: null }),
    ]);
    if (!listed || allTime === null) return null;
    if (((await windowSize(f)) * allTime) / listed > smallWindow) return null;
    return windowIds.getOrCompute(memoKey(f), () => repository.allIds(f, 'post-date'));
  }

  // The site's blocks (the home's three, a video page's suggestions) are short first pages of the whole
  // catalogue or of one country, the same for every visitor of one orientation (from one country): read
  // once a minute instead of on every uncached page (the home's country ranking was 0.5-1.9 ms of a 14 ms
  // render, a video page's suggestions 0.7 ms), and purged with the public caches on every node, like
  // windowIds. A listing page (60 thumbs) is not a block: the page cache keeps those.
  const blocks = new AsyncTtlMemo<Listing<VideoThumb>>(60_000, 1000);
  caches?.register(() => blocks.clear());
  const isBlock = (q: ListingQuery, f: ListingFilter) =>
    q.page === 1 && q.count <= BLOCK_MAX && (f.target.section === 'all' || f.target.section === 'country');

  // Page content too: purged with the public caches on every node, like windowIds.
  const snapshots = new AsyncTtlMemo<WindowSnapshot>(60_000, 6);
  caches?.register(() => snapshots.clear());
  const snapshotOf = (gender: Gender, since: number) =>
    snapshots.getOrCompute(`${gender}|${since}`, async () => {
      const [rows, hidden] = await Promise.all([
        repository.windowRows(gender, since),
        repository.hiddenVersionIds(),
      ]);
      const hiddenIds = new Set(hidden);
      const shown = rows.filter((r) => !hiddenIds.has(r.id));
      return {
        ids: Float64Array.from(shown, (r) => r.id),
        maskHigh: Uint32Array.from(shown, (r) => r.maskHigh),
        maskLow: Uint32Array.from(shown, (r) => r.maskLow),
        duration: Uint8Array.from(shown, (r) => r.duration),
        hd: Uint8Array.from(shown, (r) => r.hd),
      };
    });

  /**
   * A top-rated window's matches in order, filtered from the window's snapshot (SNAPSHOT_UP_TO); null for
   * a filter the snapshot does not carry (a decade, a category past the mask) or a window too big.
   */
  async function snapshotIds(f: ListingFilter): Promise<number[] | null> {
    if (!browsingWindow(f) || f.decade || snapshotUpTo <= 0) return null;
    const t = f.target;
    let required = 0n;
    if (t.section === 'categories') {
      if (t.ids === null) return [];
      if (t.ids.some((id) => id >= MASK_BITS)) return null;
      required = categoryMask(t.ids);
    }
    if ((await windowSize(f)) > snapshotUpTo) return null;
    const w = await snapshotOf(f.gender, f.postedSince!);
    const high = Number(required / BigInt(TWO_32));
    const low = Number(required % BigInt(TWO_32));
    const ids: number[] = [];
    for (let i = 0; i < w.ids.length; i++) {
      if (f.duration && w.duration[i] !== f.duration) continue;
      if (f.hdOnly && w.hd[i] !== 1) continue;
      if ((w.maskHigh[i]! & high) >>> 0 !== high || (w.maskLow[i]! & low) >>> 0 !== low) continue;
      ids.push(w.ids[i]!);
    }
    return ids;
  }

  /** The page to read: from the listing's end when that is nearer, along the cheaper index for a window. */
  async function pagePlan(q: ListingQuery, f: ListingFilter, total: number, models: ModelPath) {
    const { limit, offset } = pageOf(q, models);
    const listed =
      f.gender && FROM_EITHER_END.has(f.target.section) ? await listedOf(f.gender, soughtBucket(f)) : null;
    const walk = listed ? ((offset + limit) * listed) / total : 0;
    const page: ListingPage =
      walk > reverseAfter && offset + limit / 2 > total / 2
        ? {
            limit: Math.min(limit, total - offset),
            offset: Math.max(0, total - offset - limit),
            models,
            reverse: true,
          }
        : { limit, offset, models };
    page.window = await windowPath(f, total, page.offset + page.limit);
    return page;
  }

  /**
   * How a model's page finds its videos. Walking the sort index reads about (offset + limit) x listed / total
   * entries, probing each for the model's link; reading the model's links reads and sorts all `total` of
   * them. At 1,000,000 videos (SQLite with the server's cache) an entry walked cost about 0.5 us and a link
   * read and sorted 0.6-0.8 us, so the walk is taken while it is the shorter: a first page of a model with
   * 8,800 videos took 0.6 ms that way and 6 ms from its links, which a fixed 10,000-video bound chose.
   */
  async function modelPath(q: ListingQuery, f: ListingFilter, total: number): Promise<ModelPath> {
    const listed = f.target.section === 'models' && f.gender ? await listedOf(f.gender) : null;
    if (!listed) return total <= SMALL_MODEL_SET ? 'links' : 'exists';
    const walk = (q.page * q.count * listed) / Math.max(total, 1);
    return walk < total ? 'exists' : 'links';
  }

  async function listNow(
    q: ListingQuery,
    f: ListingFilter,
    maintained: number | null,
  ): Promise<Listing<VideoThumb>> {
    const ids = (await snapshotIds(f)) ?? (await smallWindowIds(q, f));
    if (ids) {
      const start = (q.page - 1) * q.count;
      const items = await fetchThumbs(ids.slice(start, start + q.count));
      return { items, totalCount: ids.length, page: q.page, pages: Math.ceil(ids.length / q.count) };
    }
    // The (memoized) total first: a page past the end is answered without walking the index to it.
    const total = maintained ?? (await facetTotal(q, f)) ?? (await totalCount(f));
    const models = await modelPath(q, f, total);
    const items =
      (q.page - 1) * q.count < total
        ? (await repository.pageThumbs(f, await pagePlan(q, f, total, models))).map((r) => toThumb(r, urls))
        : [];
    return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
  }

  return {
    fetchThumbs,

    /** Thumbs of those of the ids a visitor may see (a local history names videos since taken down). */
    async listedThumbs(ids: number[]): Promise<VideoThumb[]> {
      if (ids.length === 0) return [];
      const listed = new Set(await repository.listedIds(ids));
      return fetchThumbs(ids.filter((id) => listed.has(id)));
    },

    /** The ids of one page, without the total. */
    async pageIds(q: ListingQuery): Promise<number[]> {
      return repository.pageIds((await resolve(q)).f, pageOf(q, 'exists'));
    },

    async list(q: ListingQuery): Promise<Listing<VideoThumb>> {
      const { f, maintained } = await resolve(q);
      if (isBlock(q, f))
        return blocks.getOrCompute(`${memoKey(f)}|${q.count}`, () => listNow(q, f, maintained));
      return listNow(q, f, maintained);
    },

    /** Drops memoized totals, e.g. after a publish or takedown or a facet rebuild. */
    invalidateCounts(): void {
      counts.clear();
      facets.clear();
      windowIds.clear();
      snapshots.clear();
      hiddenMemo.clear();
      blocks.clear();
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
