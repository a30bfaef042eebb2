import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { TtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Listing, NamedLink } from '../shared/dto';
import type { PublicCaches } from '../shared/public-caches';
import type { VideoDetail, VideoState, VideoThumb } from './video.dto';
import type { VideoListing } from './video-listing.service';
import { THUMB_COLUMNS, type ThumbRow, toThumb } from './video-row';
import { notAVersion, type VideoVersions } from './video-versions.service';

export const RELATED_PAGE_SIZE = 12;
/** Related lists are computed once per video up to this size, then paged. */
const RELATED_MAX = 240;

interface DetailRow extends ThumbRow {
  description: string;
  status_id: number;
  is_private: number;
  gender: Gender;
  country: string | null;
  production_year: number | null;
  width: number;
  height: number;
  comments_count: number;
  uploader_id: number | null;
  channel_id: number | null;
  timeline_count: number;
  timeline_interval: number;
  sg_id: number | null;
  ex_tube: string | null;
  ex_id: string | null;
  album_id: number | null;
}

export function videoState(statusId: number, isPrivate: number): VideoState {
  if (statusId === 5) return 'deleted';
  return isPrivate !== 1 ? 'active' : 'private';
}

export interface VideoServiceDeps {
  sqlite: Database.Database;
  urls: MediaUrls;
  listing: VideoListing;
  caches: PublicCaches;
  versions: VideoVersions;
}

export function createVideoService({ sqlite, urls, listing, caches, versions }: VideoServiceDeps) {
  // The most popular videos of a category (and overall) feed the related lists of every video in it: shared,
  // so kept a minute, and dropped with the public caches when what visitors may see changes.
  const popular = new TtlMemo<number[]>(60_000, 2000);
  caches.register(() => popular.clear());
  const byId = sqlite.prepare(
    `SELECT ${THUMB_COLUMNS}, v.description, v.status_id, v.is_private, v.gender, v.country, v.production_year,
       v.width, v.height, v.comments_count, v.uploader_id, v.channel_id, v.timeline_count, v.timeline_interval,
       v.sg_id, v.ex_tube, v.ex_id, v.album_id
     FROM videos v WHERE v.id = ?`,
  );
  const captionsOf = sqlite.prepare('SELECT lang, vtt, updated_at FROM video_captions WHERE video_id = ?');
  const uploader = sqlite.prepare('SELECT id, name, avatar, subscribers_count FROM members WHERE id = ?');
  const channel = sqlite.prepare('SELECT id, dir, title, subscribers_count FROM channels WHERE id = ?');
  const modelsOf = sqlite.prepare(
    'SELECT m.id, m.dir, m.title FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = ? ORDER BY m.title',
  );
  const categoriesOf = sqlite.prepare(
    `SELECT c.id, c.dir, coalesce(t.title, en.title, c.dir) AS title FROM video_categories vc
       JOIN categories c ON c.id = vc.category_id
       LEFT JOIN category_titles t ON t.category_id = c.id AND t.lang = ?
       LEFT JOIN category_titles en ON en.category_id = c.id AND en.lang = 'en'
     WHERE vc.video_id = ? ORDER BY c.total_videos DESC`,
  );
  const sameModel = sqlite.prepare(
    `SELECT v.id FROM video_models vm JOIN videos v ON v.id = vm.video_id
     WHERE vm.model_id = ? AND v.id != ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = ?
       AND ${notAVersion('v')}
     ORDER BY v.popularity DESC LIMIT 60`,
  );
  const categoryDirsOf = sqlite
    .prepare(
      'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ?',
    )
    .pluck();

  /** Publicly visible rows only: pending, processing, rejected and failed uploads do not exist for visitors. */
  function row(id: number): DetailRow | undefined {
    const r = byId.get(id) as DetailRow | undefined;
    if (!r || (r.status_id !== 1 && r.status_id !== 5)) return undefined;
    return r;
  }

  function captionsLink(id: number): { lang: string; url: string } | null {
    const c = captionsOf.get(id) as { lang: string; updated_at: number } | undefined;
    return c ? { lang: c.lang, url: urls.captionsVtt({ id, version: c.updated_at }) } : null;
  }

  const service = {
    get(id: number, lang: string): VideoDetail | null {
      const r = row(id);
      if (!r) return null;
      const up = r.uploader_id
        ? (uploader.get(r.uploader_id) as
            | { id: number; name: string; avatar: string | null; subscribers_count: number }
            | undefined)
        : undefined;
      const ch = r.channel_id
        ? (channel.get(r.channel_id) as
            | { id: number; dir: string; title: string; subscribers_count: number }
            | undefined)
        : undefined;
      const state = videoState(r.status_id, r.is_private);
      const visible = state === 'active';
      // A canonical's page shows the views and comments of its whole group (ADR 0035); nothing is moved.
      const group = visible ? versions.groupIds(id) : [id];
      const thumb = toThumb(r, urls);
      return {
        ...thumb,
        views: group.length > 1 ? versions.groupViews(group) : thumb.views,
        description: r.description,
        statusId: r.status_id,
        isPrivate: r.is_private,
        state,
        gender: r.gender,
        country: r.country,
        productionYear: r.production_year,
        width: r.width,
        height: r.height,
        commentsCount: group.length > 1 ? versions.groupComments(group) : r.comments_count,
        uploader: up ? { id: up.id, name: up.name, avatar: up.avatar } : null,
        channel: ch ? { id: ch.id, dir: ch.dir, title: ch.title } : null,
        models: (modelsOf.all(id) as NamedLink[]).map(({ dir, title }) => ({ dir, title })),
        categories: (categoriesOf.all(lang, id) as NamedLink[]).map(({ dir, title }) => ({ dir, title })),
        subscribers: (ch?.subscribers_count ?? 0) + (up?.subscribers_count ?? 0),
        timelineVtt: visible
          ? urls.timelineVtt({
              id: r.id,
              timelineCount: r.timeline_count,
              timelineInterval: r.timeline_interval,
            })
          : null,
        captions: visible ? captionsLink(r.id) : null,
        versions: visible ? versions.forPage(id) : null,
      };
    },

    /** Extra legacy fields the REST video answer carries. */
    legacyExtras(id: number) {
      const r = row(id);
      return r ? { sg_id: r.sg_id, ex_tube: r.ex_tube, ex_id: r.ex_id, album_id: r.album_id } : null;
    },

    /**
     * Videos sharing models first, then categories (more shared categories rank higher), each group by
     * popularity. Computed up to RELATED_MAX; callers cache and slice it.
     */
    relatedIds(id: number, hdOnly = false): number[] {
      const r = row(id);
      if (r?.status_id !== 1) throw new AppError('video_not_found', { status: 404 });
      const score = new Map<number, number>();
      const bump = (vid: number, s: number) => score.set(vid, (score.get(vid) ?? 0) + s);
      for (const m of modelsOf.all(id) as { id: number }[]) {
        for (const vid of sameModel.pluck().all(m.id, id, r.gender) as number[]) bump(vid, 100);
      }
      const base = { gender: r.gender, date: 'all', duration: 0, hdOnly: false } as const;
      for (const dir of categoryDirsOf.all(id) as string[]) {
        const ids = popular.getOrCompute(`${r.gender}|${dir}`, () =>
          listing.pageIds({
            ...base,
            sort: 'most-popular',
            count: RELATED_MAX,
            page: 1,
            target: { section: 'categories', dirs: [dir] },
          }),
        );
        for (const [rank, vid] of ids.entries())
          if (vid !== id) bump(vid, 10 + (RELATED_MAX - rank) / RELATED_MAX);
      }
      if (score.size < RELATED_PAGE_SIZE) {
        const overall = popular.getOrCompute(`${r.gender}|*`, () =>
          listing.pageIds({
            ...base,
            sort: 'most-popular',
            count: 60,
            page: 1,
            target: { section: 'all' },
          }),
        );
        for (const vid of overall) if (vid !== id) bump(vid, 0);
      }
      let ids = [...score.entries()].sort((a, b) => b[1] - a[1]).map(([vid]) => vid);
      if (hdOnly) {
        const thumbs = listing.fetchThumbs(ids);
        ids = thumbs.filter((t) => t.isHd).map((t) => t.id);
      }
      return ids.slice(0, RELATED_MAX);
    },

    related(id: number, page: number, count = RELATED_PAGE_SIZE, hdOnly = false): Listing<VideoThumb> {
      const ids = service.relatedIds(id, hdOnly);
      const items = listing.fetchThumbs(ids.slice((page - 1) * count, page * count));
      return { items, totalCount: ids.length, page, pages: Math.ceil(ids.length / count) };
    },

    /** Where the player loads the HLS ladder from; only for active videos with media. */
    mediaPathFor(id: number): string | null {
      const r = row(id);
      if (!r || videoState(r.status_id, r.is_private) !== 'active' || !r.media_path) return null;
      return r.media_path;
    },

    timeline(id: number): { mediaPath: string; count: number; interval: number } | null {
      const r = row(id);
      if (r?.status_id !== 1 || !r.media_path || !r.timeline_count) return null;
      return { mediaPath: r.media_path, count: r.timeline_count, interval: r.timeline_interval };
    },

    /** A listed video's captions track, for the media route; null when hidden or without one. */
    captions(id: number): { lang: string; vtt: string; version: number } | null {
      const r = row(id);
      if (r?.status_id !== 1 || r.is_private === 1) return null;
      const c = captionsOf.get(id) as { lang: string; vtt: string; updated_at: number } | undefined;
      return c ? { lang: c.lang, vtt: c.vtt, version: c.updated_at } : null;
    },
  };
  return service;
}

export type VideoService = ReturnType<typeof createVideoService>;
