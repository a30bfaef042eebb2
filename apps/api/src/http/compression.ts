import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/**
 * Brotli quality 4 compresses HTML and JSON within a few percent of gzip -9's size at several times its
 * speed; the higher qualities cost milliseconds per answer, more than rendering a cached page does.
 */
export const BROTLI_FAST = 4;
export const GZIP_LEVEL = 6;

/**
 * Levels for stored answers (http/stored-codings.ts, ADR 0019). `quick` is for a stored page's first answer:
 * on 100–140 KB of HTML brotli 2 takes about half the time of 4 for 7% more bytes (on an 18 KB legacy JSON
 * answer it saves nothing, so those start at `normal`). `small` is the copy made, off the visitor's time,
 * for the later hits of an answer asked for again: about 7% fewer bytes than `normal`.
 */
const LEVELS = {
  quick: { br: 2, gzip: 1 },
  normal: { br: BROTLI_FAST, gzip: GZIP_LEVEL },
  small: { br: 5, gzip: 9 },
} as const;
export type Effort = keyof typeof LEVELS;

/** Types worth compressing. Images, video and segments are compressed already; fonts are woff2. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|rss\+xml|atom\+xml|vnd\.apple\.mpegurl)|image\/svg\+xml)/;

export const isCompressible = (contentType: string | null | undefined) =>
  !!contentType && COMPRESSIBLE.test(contentType);

/**
 * The encoding to answer with: brotli when the client takes it, else gzip, else none. `q=0` refuses a
 * coding (RFC 9110 §12.5.3); `*` stands for any coding not named.
 */
export function negotiate(
  acceptEncoding: string | null | undefined,
  offer: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.find((p) => p.trim().startsWith('q='));
    const value = qp ? Number(qp.trim().slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  for (const enc of offer) {
    const v = q.get(enc) ?? (enc === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (v > 0) return enc;
  }
  return null;
}

export function compress(body: Uint8Array, enc: Encoding, effort: Effort = 'normal'): Buffer {
  return enc === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: LEVELS[effort].br,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: LEVELS[effort].gzip });
}

/** A Buffer as the Uint8Array a Response takes, without copying. */
export const asBytes = (b: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

/** Adds a token to Vary without repeating it. */
export function addVary(headers: Headers, token: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', token);
  else if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(token.toLowerCase())
  )
    headers.set('Vary', `${vary}, ${token}`);
}

/**
 * Compresses text answers (HTML, JSON, react-router's `.data`, XML) over `threshold` bytes on the way out.
 * Answers that arrive encoded (the response caches' stored variants, precompressed assets) pass untouched,
 * as do partial content and range requests, so a player's byte ranges always address the file itself.
 * Hono's own compress middleware uses CompressionStream, which has no brotli on Node 20.
 *
 * The ETag stays the identity's: routes answer If-None-Match by comparing it, and with Vary a cache never
 * hands one coding to a client that asked for another.
 */
export function compression(opts: { threshold: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressible(res.headers.get('Content-Type'))) return;
    if (res.headers.has('Content-Encoding')) return;
    addVary(res.headers, 'Accept-Encoding');
    // Cheap tests first: reading `res.body` turns Hono's light answer into a full one with a stream.
    const enc = negotiate(c.req.header('accept-encoding'));
    if (!enc) return;
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.status === 204 ||
      res.status === 304 ||
      c.req.header('range') ||
      res.headers.has('Content-Range') ||
      /\bno-transform\b/.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (length < opts.threshold || !res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    // Hono copies the old answer's headers onto a replacement, so the new ones are set afterwards.
    if (body.length < opts.threshold) {
      c.res = new Response(body, res);
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    const out = compress(body, enc);
    c.res = new Response(asBytes(out), res);
    c.res.headers.set('Content-Encoding', enc);
    c.res.headers.set('Content-Length', String(out.length));
  };
}
