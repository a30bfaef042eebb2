import { extname, join } from 'node:path';
import { isRestorationStill, mimeTypeFor } from '@vt/media';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { sendFile } from '../http/send-file';
import { AppError } from '../lib/app-error';
import {
  bucketOf,
  CAPTIONS_FORMAT,
  mediaPathOfKey,
  TIMELINE_FORMAT,
} from '../services/media/media-urls.service';
import { readTimelineVtt, under } from '../services/media/timeline-vtt';
import { createVariantMaker, jpegOfVariant } from '../services/uploads/image-variants';
import type { DownloadStatus } from '../services/videos/download.service';

export const TIMELINE_LIFETIME = 2_592_000;
/** S3 mode: when to ask again for an MP4 a worker is still making. */
const DOWNLOAD_RETRY_AFTER_SEC = 5;
/**
 * A member's listed upload can be taken down, or get a new preview image, at any time: its images are
 * kept an hour and then revalidated (ETag), not pinned for a month like the seeded library's.
 */
const UPLOAD_IMAGE_CACHE = 'public, max-age=3600, must-revalidate';
export const PUBLIC_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.mp4']);
export const SIGNED_EXTENSIONS = new Set(['.m3u8', '.ts', '.m4s', '.mp4', '.aac']);

/** Media of uploaded videos (uploads/{video id}/…) and albums (albums/{album id}/…). */
export const UPLOADED = /^(uploads|albums)\/(\d{1,10})\//;

/**
 * A request path below a media route, decoded once more (Hono leaves %2F encoded), or null when it has an
 * empty, `.` or `..` segment: then the checked path and the served file are always the same path.
 */
export function cleanRelative(raw: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return rel.split('/').some((s) => s === '' || s === '.' || s === '..') ? null : rel;
}

/** Media of one uploaded video's own directory (the signed ladder's key). */
const UPLOADED_VIDEO = /^uploads\/(\d{1,10})$/;

/**
 * Whether this viewer may have an upload's media now: anyone once it is listed; before that, and from the
 * moment it is taken down, rejected or deleted, only staff and the uploader. Checked on every request, so
 * a URL handed out earlier dies with the visibility change. Null: the item is gone.
 */
export async function uploadAccess(
  c: Context<AppEnv>,
  kind: 'video' | 'album',
  id: number,
): Promise<'public' | 'private' | null> {
  const owner = await c.var.services.publish.visibility(kind, id);
  if (!owner) return null;
  if (owner.listed) return 'public';
  const viewer = c.var.viewer;
  const staff = viewer.role === 'moderator' || viewer.role === 'admin';
  return staff || (viewer.memberId !== null && viewer.memberId === owner.uploaderId) ? 'private' : null;
}

export const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

/**
 * The signed ladder route's checks, before any file: the signature over the video's media path, then
 * who may have that video's media now. A Response when refused.
 */
export async function ladderAccess(
  c: Context<AppEnv>,
): Promise<{ mediaPath: string; access: 'public' | 'private' } | Response> {
  const { exp, sig, key } = c.req.param() as { exp: string; sig: string; key: string };
  const mediaPath = mediaPathOfKey(key);
  if (!c.var.services.urls.verify(Number(exp), sig, mediaPath)) {
    return new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } });
  }
  const uploaded = UPLOADED_VIDEO.exec(mediaPath);
  const access = uploaded ? await uploadAccess(c, 'video', Number(uploaded[1])) : 'public';
  return access ? { mediaPath, access } : notFound();
}

/**
 * S3 mode: the bucket's MP4 by a redirect to a presigned URL that saves it under the video's name. One not
 * made yet has just been queued (or is under way): 503 with Retry-After, which `curl --retry` follows; the
 * download gate only links the file once `.json` says it is ready. A failure is told once, as on disk.
 */
function storeDownload(c: Context<AppEnv>, d: { url: string } | { status: DownloadStatus }): Response {
  if ('url' in d) return c.body(null, 302, { Location: d.url, 'Cache-Control': 'private, no-store' });
  if (d.status.state === 'working')
    return c.text('Download being prepared, try again shortly', 503, {
      'Cache-Control': 'no-store',
      'Retry-After': String(DOWNLOAD_RETRY_AFTER_SEC),
    });
  return c.text('Download unavailable', 503, { 'Cache-Control': 'no-store' });
}

export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();
  const ensureWebp = createVariantMaker();

  // Public images: thumbs, preview images, sprite sheets and hover previews.
  app.get('/thumbs/*', async (c) => {
    const rel = cleanRelative(c.req.path.slice('/thumbs/'.length));
    const full = rel && under(mediaDir, rel);
    if (!full || !PUBLIC_EXTENSIONS.has(extname(full))) return notFound();
    // The restoration's before/after stills are the moderators' only (ADR 0039: moderation.routes.ts).
    if (isRestorationStill(rel)) return notFound();
    // Images of uploads are public once listed; before that (and after a takedown) only for staff and the uploader.
    const upload = UPLOADED.exec(rel);
    let cacheControl = 'public, max-age=2592000, immutable';
    if (upload) {
      const access = await uploadAccess(c, upload[1] === 'uploads' ? 'video' : 'album', Number(upload[2]));
      if (!access) return notFound();
      cacheControl = access === 'public' ? UPLOAD_IMAGE_CACHE : 'private, no-store';
    }
    // `x.jpg.webp` is the WebP of `x.jpg`, under the same access rule. A <picture> never falls back from a
    // failed <source>, so a missing or stale variant is made now, or, when encodes are queued up, the
    // JPEG's own bytes answer (browsers sniff images) and are not kept by shared caches.
    const jpeg = jpegOfVariant(full);
    if (jpeg) {
      let made = false;
      try {
        made = await ensureWebp(jpeg);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return notFound();
        c.var.log.error({ err, file: rel }, 'WebP variant failed');
      }
      if (!made) {
        const fallback = cacheControl.startsWith('private') ? cacheControl : 'public, no-cache';
        return sendFile(c.req.raw, jpeg, { contentType: 'image/jpeg', cacheControl: fallback }) ?? notFound();
      }
    }
    return sendFile(c.req.raw, full, { contentType: mimeTypeFor(full), cacheControl }) ?? notFound();
  });

  // The HLS ladder, behind a signed, expiring prefix.
  app.get('/media/:exp/:sig/:key/*', async (c) => {
    const { exp, sig, key } = c.req.param();
    const checked = await ladderAccess(c);
    if (checked instanceof Response) return checked;
    const { mediaPath, access } = checked;
    const prefix = `/media/${exp}/${sig}/${key}/`;
    // A signature opens its own video's directory only.
    const rest = cleanRelative(c.req.path.slice(prefix.length));
    const full = rest && under(join(mediaDir, mediaPath), rest);
    if (!full || !SIGNED_EXTENSIONS.has(extname(full))) return notFound();
    const remaining = Math.max(0, Number(exp) - c.var.services.clock.now());
    return (
      sendFile(c.req.raw, full, {
        contentType: mimeTypeFor(full),
        cacheControl:
          access === 'public' ? `private, max-age=${Math.min(remaining, 86_400)}` : 'private, no-store',
      }) ?? notFound()
    );
  });

  // A ladder level as one MP4 (made on demand, ADR 0023); `.json` tells how far making it has got.
  app.get('/download/:exp/:sig/:id/:file', async (c) => {
    const { exp, sig, id, file } = c.req.param();
    const m = /^(\d{2,4}p)\.(mp4|json)$/.exec(file);
    if (!/^\d{1,10}$/.test(id) || !m) return notFound();
    const [, quality, kind] = m;
    const { urls, downloads } = c.var.services;
    if (!urls.verifyDownload(Number(exp), sig, Number(id), quality)) {
      return new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } });
    }
    // Checked on every request: a takedown, private or delete ends the URL at once.
    const target = await downloads.resolve(Number(id), quality, c.var.viewer);
    if (!target) return notFound();
    const admit = () => c.var.services.limits.hit(['downloadRemux', c.var.clientIp]);
    let path: string;
    try {
      if (kind === 'json')
        return c.json(await downloads.status(target, admit), 200, { 'Cache-Control': 'no-store' });
      if (downloads.kind === 's3') return storeDownload(c, await downloads.deliver(target, admit));
      path = await downloads.file(target, admit);
    } catch (err) {
      if (err instanceof AppError && err.code === 'too_many_requests')
        return c.json({ error: err.message, code: err.code }, 429, { 'Cache-Control': 'no-store' });
      c.var.log.error({ err, videoId: target.videoId, quality }, 'download remux failed');
      return new Response('Download unavailable', { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
    const res = sendFile(c.req.raw, path, { contentType: 'video/mp4', cacheControl: 'private, no-store' });
    if (!res) return notFound();
    res.headers.set('Content-Disposition', `attachment; filename="${target.filename}"`);
    return res;
  });

  // Captions: /timelines/captions/{bucket}/{video_id}.{version}.vtt (before the seek-preview route, which
  // would otherwise take "captions" for a format). Only a listed video's current version answers.
  app.get(`/timelines/${CAPTIONS_FORMAT}/:bucket/:file`, async (c) => {
    const { bucket, file } = c.req.param();
    const m = /^(\d{1,10})\.(\d{1,12})\.vtt$/.exec(file);
    if (!m || String(bucketOf(Number(m[1]))) !== bucket) return notFound();
    const track = await c.var.services.videos.captions(Number(m[1]));
    if (!track || track.version !== Number(m[2])) return notFound();
    return new Response(track.vtt, {
      headers: {
        'Content-Type': 'text/vtt; charset=utf-8',
        'Content-Language': track.lang,
        'Cache-Control': `public, max-age=${TIMELINE_LIFETIME}`,
      },
    });
  });

  // Seek previews: {token}{timelines_format}/{dir_path}/{video_id}.{timelines_count}.{timelines_interval}.vtt
  app.get('/timelines/:format/:bucket/:file', async (c) => {
    const { format, bucket, file } = c.req.param();
    const m = /^(\d{1,10})\.(\d{1,6})\.(\d{1,6})\.vtt$/.exec(file);
    if (format !== TIMELINE_FORMAT || !m || String(bucketOf(Number(m[1]))) !== bucket) return notFound();
    const tl = await c.var.services.videos.timeline(Number(m[1]));
    if (!tl || tl.count !== Number(m[2]) || tl.interval !== Number(m[3])) return notFound();
    const body = await readTimelineVtt(mediaDir, tl.mediaPath);
    if (body === null) return notFound();
    return new Response(body, {
      headers: {
        'Content-Type': 'text/vtt; charset=utf-8',
        'Cache-Control': `public, max-age=${TIMELINE_LIFETIME}`,
      },
    });
  });

  return app;
}
