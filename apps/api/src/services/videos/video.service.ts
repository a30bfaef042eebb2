import { AppError } from '../../lib/app-error';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Listing } from '../shared/dto';
import type { PublicCaches } from '../shared/public-caches';
import type { VideoDetail, VideoState, VideoThumb } from './video.dto';
import type { VideoListing } from './video-listing.service';
import { toThumb } from './video-row';
import type { VideoVersions } from './video-versions.service';
import type { VideosRepository } from './videos.repository';

export const RELATED_PAGE_SIZE = 12;
/** Related lists are computed once per video up to this size, then paged. */
const RELATED_MAX = 240;
/** A related list takes at most this many videos from each of the video's models. */
const SAME_MODEL_MAX = 60;

export function videoState(statusId: number, isPrivate: number): VideoState {
  if (statusId === 5) return 'deleted';
  return isPrivate !== 1 ? 'active' : 'private';
}

export interface VideoServiceDeps {
  repository: VideosRepository;
  urls: MediaUrls;
  listing: VideoListing;
  caches: PublicCaches;
  versions: VideoVersions;
}

export function createVideoService({ repository, urls, listing, caches, versions }: VideoServiceDeps) {
  // The most popular videos of a category, a model and overall feed the related lists of every video in them:
  // shared, so kept a minute, and dropped with the public caches when what visitors may see changes.
  const popular = new AsyncTtlMemo<number[]>(60_000, 2000);
  caches.register(() => popular.clear());
  const popularIds = (key: string, q: Parameters<VideoListing['pageIds']>[0]) =>
    popular.getOrCompute(key, () => listing.pageIds(q));
  // A video's related list is the same for every visitor: its page asks for it on every uncached render
  // (the row, models and categories read again, then ranked), so it is kept a minute too and dropped with
  // the public caches (a takedown of it or of any video it lists).
  const related = new AsyncTtlMemo<number[]>(60_000, 5000);
  caches.register(() => related.clear());

  /** Publicly visible rows only: pending, processing, rejected and failed uploads do not exist for visitors. */
  async function row(id: number) {
    const r = await repository.detail(id);
    if (!r || (r.status_id !== 1 && r.status_id !== 5)) return undefined;
    return r;
  }

  async function captionsLink(id: number): Promise<{ lang: string; url: string } | null> {
    const c = await repository.captions(id);
    return c ? { lang: c.lang, url: urls.captionsVtt({ id, version: c.updated_at }) } : null;
  }

  /**
   * Videos sharing models first, then categories (more shared categories rank higher), each group by
   * popularity, up to RELATED_MAX.
   */
  async function rankRelated(id: number, hdOnly: boolean): Promise<number[]> {
    const r = await row(id);
    if (r?.status_id !== 1) throw new AppError('video_not_found', { status: 404 });
    const score = new Map<number, number>();
    const bump = (vid: number, s: number) => score.set(vid, (score.get(vid) ?? 0) + s);
    for (const m of await repository.models(id)) {
      // Shared by every video of the model: one more than a list needs, as this video may be among them.
      const ids = await popular.getOrCompute(`${r.gender}|model:${m.id}`, () =>
        repository.modelPopular(m.id, r.gender, SAME_MODEL_MAX + 1),
      );
      for (const vid of ids.filter((v) => v !== id).slice(0, SAME_MODEL_MAX)) bump(vid, 100);
    }
    const base = { gender: r.gender, date: 'all', duration: 0, hdOnly: false } as const;
    for (const dir of await repository.categoryDirs(id)) {
      const ids = await popularIds(`${r.gender}|${dir}`, {
        ...base,
        sort: 'most-popular',
        count: RELATED_MAX,
        page: 1,
        target: { section: 'categories', dirs: [dir] },
      });
      for (const [rank, vid] of ids.entries())
        if (vid !== id) bump(vid, 10 + (RELATED_MAX - rank) / RELATED_MAX);
    }
    if (score.size < RELATED_PAGE_SIZE) {
      const overall = await popularIds(`${r.gender}|*`, {
        ...base,
        sort: 'most-popular',
        count: 60,
        page: 1,
        target: { section: 'all' },
      });
      for (const vid of overall) if (vid !== id) bump(vid, 0);
    }
    let ids = [...score.entries()].sort((a, b) => b[1] - a[1]).map(([vid]) => vid);
    if (hdOnly) {
      const thumbs = await listing.fetchThumbs(ids);
      ids = thumbs.filter((t) => t.isHd).map((t) => t.id);
    }
    return ids.slice(0, RELATED_MAX);
  }

  const service = {
    async get(id: number, lang: string): Promise<VideoDetail | null> {
      const r = await row(id);
      if (!r) return null;
      const state = videoState(r.status_id, r.is_private);
      const visible = state === 'active';
      // A canonical's page shows the views and comments of its whole group (ADR 0035); nothing is moved. A
      // listed video's group takes two reads; one shown but not listed (is_private other than 0 or 1, from
      // legacy data) has no group of its own.
      const listed = r.status_id === 1 && r.is_private === 0;
      const groupOf = async () =>
        listed
          ? versions.ofListedPage(id)
          : { ids: [id], versions: visible ? await versions.ofUnlistedPage(id) : null };
      // Independent reads at once: on PostgreSQL each is a round trip.
      const [up, ch, group, models, categories, captions] = await Promise.all([
        r.uploader_id ? repository.uploader(r.uploader_id) : undefined,
        r.channel_id ? repository.channel(r.channel_id) : undefined,
        groupOf(),
        repository.models(id),
        repository.categories(id, lang),
        visible ? captionsLink(r.id) : null,
      ]);
      const sums = group.ids.length > 1 ? await versions.groupSums(group.ids) : null;
      const thumb = toThumb(r, urls);
      return {
        ...thumb,
        views: sums?.views ?? thumb.views,
        description: r.description,
        statusId: r.status_id,
        isPrivate: r.is_private,
        state,
        gender: r.gender,
        country: r.country,
        productionYear: r.production_year,
        width: r.width,
        height: r.height,
        commentsCount: sums?.comments ?? r.comments_count,
        uploader: up ? { id: up.id, name: up.name, avatar: up.avatar } : null,
        channel: ch ? { id: ch.id, dir: ch.dir, title: ch.title } : null,
        models: models.map(({ dir, title }) => ({ dir, title })),
        categories: categories.map(({ dir, title }) => ({ dir, title })),
        subscribers: (ch?.subscribers_count ?? 0) + (up?.subscribers_count ?? 0),
        timelineVtt: visible
          ? urls.timelineVtt({
              id: r.id,
              timelineCount: r.timeline_count,
              timelineInterval: r.timeline_interval,
            })
          : null,
        captions,
        versions: group.versions,
      };
    },

    /** What visitors see of a video (active, private or deleted); null for one they cannot see at all. */
    async state(id: number): Promise<VideoState | null> {
      const r = await row(id);
      return r ? videoState(r.status_id, r.is_private) : null;
    },

    /** Extra legacy fields the REST video answer carries. */
    async legacyExtras(id: number) {
      const r = await row(id);
      return r ? { sg_id: r.sg_id, ex_tube: r.ex_tube, ex_id: r.ex_id, album_id: r.album_id } : null;
    },

    /** The related list (rankRelated), up to RELATED_MAX, kept a minute; callers slice it. */
    relatedIds(id: number, hdOnly = false): Promise<number[]> {
      return related.getOrCompute(`${id}|${hdOnly}`, () => rankRelated(id, hdOnly));
    },

    async related(
      id: number,
      page: number,
      count = RELATED_PAGE_SIZE,
      hdOnly = false,
    ): Promise<Listing<VideoThumb>> {
      const ids = await service.relatedIds(id, hdOnly);
      const items = await listing.fetchThumbs(ids.slice((page - 1) * count, page * count));
      return { items, totalCount: ids.length, page, pages: Math.ceil(ids.length / count) };
    },

    /** Where the player loads the HLS ladder from; only for active videos with media. */
    async mediaPathFor(id: number): Promise<string | null> {
      const r = await row(id);
      if (!r || videoState(r.status_id, r.is_private) !== 'active' || !r.media_path) return null;
      return r.media_path;
    },

    async timeline(id: number): Promise<{ mediaPath: string; count: number; interval: number } | null> {
      const r = await row(id);
      if (r?.status_id !== 1 || !r.media_path || !r.timeline_count) return null;
      return { mediaPath: r.media_path, count: r.timeline_count, interval: r.timeline_interval };
    },

    /** A listed video's captions track, for the media route; null when hidden or without one. */
    async captions(id: number): Promise<{ lang: string; vtt: string; version: number } | null> {
      const r = await row(id);
      if (r?.status_id !== 1 || r.is_private === 1) return null;
      const c = await repository.captions(id);
      return c ? { lang: c.lang, vtt: c.vtt, version: c.updated_at } : null;
    },
  };
  return service;
}

export type VideoService = ReturnType<typeof createVideoService>;
