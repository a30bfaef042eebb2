import { extname } from 'node:path';
import { isRestorationStill, MEDIA_FILES } from '@vt/media';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { MediaStore } from '../media-store/media-store';
import { currentOf } from '../media-store/video-files';
import { bucketOf, TIMELINE_FORMAT } from '../services/media/media-urls.service';
import { absoluteSprites } from '../services/media/timeline-vtt';
import {
  cleanRelative,
  ladderAccess,
  notFound,
  PUBLIC_EXTENSIONS,
  SIGNED_EXTENSIONS,
  TIMELINE_LIFETIME,
  UPLOADED,
  uploadAccess,
} from './media.routes';

const PLAYLIST = '.m3u8';
const WEBP_OF_JPEG = /\.jpe?g\.webp$/;

async function textOf(store: MediaStore, key: string): Promise<string | null> {
  const body = await store.stream(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A redirect to the object store: the API answers the access check, the bytes come from the bucket. */
function toStore(c: Context<AppEnv>, url: string, cacheControl: string): Response {
  return c.body(null, 302, { Location: url, 'Cache-Control': cacheControl });
}

/**
 * Media in S3 mode (MEDIA_STORE=s3, ADR 0042), registered before mediaRoutes: the same URLs and the same
 * access checks, but no media byte passes through this node. Playlists (a few hundred bytes) are read from
 * the bucket and answered here, so every playlist request is checked; their relative segment URLs come
 * back here, and each is answered with a redirect to a presigned URL that lives S3_URL_TTL_SECONDS. A
 * takedown therefore refuses the next playlist and the next segment at once; only a presigned URL already
 * handed out stays usable until it expires. Captions fall through to mediaRoutes (they live in the DB).
 */
export function storeMediaRoutes(store: MediaStore) {
  const app = new Hono<AppEnv>();

  app.get('/media/:exp/:sig/:key/*', async (c) => {
    const { exp, sig, key } = c.req.param();
    const checked = await ladderAccess(c);
    if (checked instanceof Response) return checked;
    const { mediaPath, access } = checked;
    const rest = cleanRelative(c.req.path.slice(`/media/${exp}/${sig}/${key}/`.length));
    if (!rest || !SIGNED_EXTENSIONS.has(extname(rest))) return notFound();
    const prefix = await currentOf(store, mediaPath);
    if (!prefix) return notFound();
    const objectKey = `${prefix}/${rest}`;
    if (extname(rest) === PLAYLIST) {
      const text = await textOf(store, objectKey);
      if (text === null) return notFound();
      const remaining = Math.max(0, Number(exp) - c.var.services.clock.now());
      return c.body(text, 200, {
        'Content-Type': 'application/vnd.apple.mpegurl',
        'Cache-Control':
          access === 'public' ? `private, max-age=${Math.min(remaining, 86_400)}` : 'private, no-store',
      });
    }
    if (!(await store.exists(objectKey))) return notFound();
    return toStore(c, await store.signedUrl(objectKey), 'private, no-store');
  });

  app.get('/thumbs/*', async (c) => {
    const rel = cleanRelative(c.req.path.slice('/thumbs/'.length));
    if (!rel || isRestorationStill(rel)) return notFound();
    const webp = WEBP_OF_JPEG.test(rel);
    if (!webp && !PUBLIC_EXTENSIONS.has(extname(rel))) return notFound();
    const upload = UPLOADED.exec(rel);
    let access: 'public' | 'private' | null = 'public';
    let key = rel;
    if (upload) {
      access = await uploadAccess(c, upload[1] === 'uploads' ? 'video' : 'album', Number(upload[2]));
      if (!access) return notFound();
      // A video's images live in its published version; an album's photos are written once, flat.
      if (upload[1] === 'uploads') {
        const name = `uploads/${upload[2]}`;
        const prefix = await currentOf(store, name);
        if (!prefix) return notFound();
        key = `${prefix}/${rel.slice(name.length + 1)}`;
      }
    }
    // The pipeline writes `x.jpg.webp` beside `x.jpg`; a tree without one gets the JPEG (browsers sniff).
    if (webp && !(await store.exists(key))) key = key.replace(/\.webp$/, '');
    if (!(await store.exists(key))) return notFound();
    // Members' uploads are always signed (a takedown must end them); the seeded library may be public (CDN).
    const plain = upload ? null : store.publicUrl(key);
    if (plain) return toStore(c, plain, 'public, max-age=3600');
    return toStore(
      c,
      await store.signedUrl(key),
      access === 'public' ? 'private, max-age=60' : 'private, no-store',
    );
  });

  // Seek previews (the captions route is mediaRoutes'): the stored VTT, sprites pointed at /thumbs/.
  app.get('/timelines/:format/:bucket/:file', async (c, next) => {
    const { format, bucket, file } = c.req.param();
    if (format !== TIMELINE_FORMAT) return next();
    const m = /^(\d{1,10})\.(\d{1,6})\.(\d{1,6})\.vtt$/.exec(file);
    if (!m || String(bucketOf(Number(m[1]))) !== bucket) return notFound();
    const tl = await c.var.services.videos.timeline(Number(m[1]));
    if (!tl || tl.count !== Number(m[2]) || tl.interval !== Number(m[3])) return notFound();
    const prefix = await currentOf(store, tl.mediaPath);
    const vtt = prefix ? await textOf(store, `${prefix}/${MEDIA_FILES.vtt}`) : null;
    if (vtt === null) return notFound();
    return c.body(absoluteSprites(vtt, tl.mediaPath), 200, {
      'Content-Type': 'text/vtt; charset=utf-8',
      'Cache-Control': `public, max-age=${TIMELINE_LIFETIME}`,
    });
  });

  return app;
}
