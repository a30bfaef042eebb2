import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { VIDEO_LIST_PRIVACY } from '../services/members/member-profile.service';
import { decadeParam } from '../services/videos/provenance-rules';
import { cachedJson, legacyError, memberOwnedJson, privateJson } from './legacy-response';
import {
  BadSegment,
  parseBucketed,
  parseGender,
  parseLang,
  parseLifetime,
  parseRelatedTail,
  parseVideos2,
  splitDots,
} from './paths';
import type { ResponseCache } from './response-cache';
import { legacyThumb, legacyVideo } from './video-shape';

const RELATED_CHUNK_PAGES = 3;

/** Legacy read paths of spec §7 for videos; grammar per legacy-api-conventions.md. */
export function videosLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/main/:lifetime/:tail', (c) => {
    const tail = c.req.param('tail');
    if (!tail.endsWith('.json')) throw new BadSegment('path');
    const [gender, lang] = splitDots(tail.slice(0, -5), 2);
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const g = parseGender(gender);
    const l = parseLang(lang);
    return cachedJson(c, cache, lifetime, async () => {
      const main = await c.var.services.catalog.main(g, l);
      return {
        categories: main.categories.map((x) => ({ dir: x.dir, title: x.title, total_videos: x.totalVideos })),
        keywords: main.keywords,
        models: main.models.map((m) => ({ dir: m.dir, title: m.title, total_videos: m.totalVideos })),
      };
    });
  });

  app.get('/api/json/videos2/*', async (c) => {
    const rest = c.req.path.slice('/api/json/videos2/'.length);
    if (!rest.endsWith('.json')) throw new BadSegment('path');
    // `?decade=1970` (ADR 0036): beside the fixed path grammar, like `?lang=`; part of the cache key.
    const decadeQuery = c.req.query('decade');
    const p = { ...parseVideos2(rest.slice(0, -5)), decade: decadeParam(decadeQuery) };
    if (decadeQuery !== undefined && p.decade === null) throw new BadSegment('decade');
    // Spec §3 listing response: `categories` (title, dir) names the listing's categories, in `?lang=`
    // (default en; the path has no language and the answer is cached by path and query).
    const lang = c.req.query('lang') ? parseLang(c.req.query('lang')!) : 'en';
    const answer = async (r: Awaited<ReturnType<typeof c.var.services.listing.list>>) => ({
      videos: r.items.map((v) =>
        // Spec §3 playlist entry: the page of the playlist it is on (the strip's `pl_page`).
        p.target.section === 'playlist' ? { ...legacyThumb(v), page: p.page } : legacyThumb(v),
      ),
      total_count: r.totalCount,
      categories:
        p.target.section === 'categories' ? await c.var.services.catalog.named(p.target.dirs, lang) : [],
    });
    // A member's own lists, private ones included: computed for them alone, never stored in a shared cache.
    if (p.target.section === 'member' && p.target.memberId === c.var.viewer.memberId) {
      return privateJson(c, await answer(await c.var.services.listing.list(p)));
    }
    const section = p.target.section;
    const keep = section === 'member' || section === 'playlist' ? memberOwnedJson : cachedJson;
    return keep(c, cache, p.lifetime, async () => {
      // Shared caches hold only what any visitor may see: a member's private lists answer 403 here.
      if (p.target.section === 'member') {
        const guard = VIDEO_LIST_PRIVACY[p.target.list];
        if (guard) await c.var.services.profiles.assertCanView(p.target.memberId, guard, null);
        else await c.var.services.profiles.get(p.target.memberId);
      }
      // A private playlist's videos are as private as the playlist (403 playlist_private).
      if (p.target.section === 'playlist') await c.var.services.playlists.get(p.target.playlistId, null);
      return answer(await c.var.services.listing.list(p));
    });
  });

  app.get('/api/json/video/:lifetime/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    const lang = c.req.query('lang') ? parseLang(c.req.query('lang')!) : 'en';
    return cachedJson(c, cache, lifetime, async () => {
      const v = await c.var.services.videos.get(id, lang);
      if (!v) throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
      return { video: legacyVideo(v, (await c.var.services.videos.legacyExtras(id))!) };
    });
  });

  app.get('/api/json/videos_related2/:lifetime/:count/:bucket/:tail', async (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const countParam = c.req.param('count');
    if (!/^\d{1,3}$/.test(countParam) || +countParam < 1 || +countParam > 60) throw new BadSegment('count');
    const count = Number(countParam);
    const tail = c.req.param('tail');
    if (!tail.endsWith('.json')) throw new BadSegment('path');
    const { id: rawId, hdOnly, page } = parseRelatedTail(tail.slice(0, -5));
    const id = parseBucketed(c.req.param('bucket'), rawId);
    // Triple-size pages are computed and cached once, then sliced: pages 1–3 share one chunk.
    const chunk = Math.ceil(page / RELATED_CHUNK_PAGES);
    const chunkKey = `related:${id}:${hdOnly}:${count}:${chunk}`;
    const chunkSize = count * RELATED_CHUNK_PAGES;
    let ids = lifetime > 0 ? (cache.get(chunkKey)?.body.toString() ?? null) : null;
    if (ids === null) {
      const all = await c.var.services.videos.relatedIds(id, hdOnly);
      ids = JSON.stringify(all.slice((chunk - 1) * chunkSize, chunk * chunkSize));
      cache.put(chunkKey, JSON.parse(ids), lifetime);
    }
    const within = (JSON.parse(ids) as number[]).slice(
      ((page - 1) % RELATED_CHUNK_PAGES) * count,
      (((page - 1) % RELATED_CHUNK_PAGES) + 1) * count,
    );
    return cachedJson(c, cache, lifetime, async () => ({
      videos: (await c.var.services.listing.fetchThumbs(within)).map(legacyThumb),
    }));
  });

  /**
   * The HLS master playlist first (the legacy answer), then one MP4 per ladder level, highest first, for
   * the download gate: `{format: 'mp4', quality: '720p', height: 720, video_url}`.
   */
  app.get('/api/videofile.php', async (c) => {
    const raw = c.req.query('video_id') ?? '';
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) throw new BadSegment('video_id');
    const path = await c.var.services.videos.mediaPathFor(Number(raw));
    if (!path) throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
    const { url, expires } = c.var.services.urls.signedHls(path);
    const maxAge = Math.max(0, expires - c.var.services.clock.now() - 3600);
    const mp4 = await c.var.services.downloads.links(Number(raw), c.var.viewer);
    const base64 = (u: string) => Buffer.from(u).toString('base64');
    return c.json(
      [
        { format: 'hls', video_url: base64(url) },
        ...mp4.map((l) => ({
          format: 'mp4',
          quality: l.quality,
          height: l.height,
          video_url: base64(l.url),
        })),
      ],
      200,
      { 'Cache-Control': `private, max-age=${maxAge}` },
    );
  });

  return app;
}
