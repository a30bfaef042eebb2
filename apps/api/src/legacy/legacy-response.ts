import type { Context } from 'hono';
import { AppError } from '../lib/app-error';
import { unreadableBodyError } from './form';
import { BadSegment } from './paths';
import type { CachedBody, ResponseCache, Sharing } from './response-cache';

export const JSON_TYPE = 'application/json; charset=utf-8';

function send(c: Context, cache: ResponseCache, key: string, entry: CachedBody, lifetime: number): Response {
  const headers: Record<string, string> = {
    'Content-Type': JSON_TYPE,
    'Cache-Control': entry.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (lifetime > 0) {
    headers.ETag = entry.etag;
    if (c.req.header('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
  }
  const { body, encoding } = cache.variant(key, entry, c.req.header('accept-encoding'));
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * Answers a legacy GET: from the shared cache when lifetime > 0, computed fresh (a value or a promise) when
 * lifetime is 0 or nothing is cached. Errors are JSON `{error, code}` and never cached.
 */
export async function cachedJson(
  c: Context,
  cache: ResponseCache,
  lifetime: number,
  compute: () => unknown,
  sharing: Sharing = 'public',
): Promise<Response> {
  const key = cacheKey(c);
  const hit = lifetime > 0 ? cache.get(key) : undefined;
  return send(c, cache, key, hit ?? cache.put(key, await compute(), lifetime, sharing), lifetime);
}

/** cachedJson for a member's playlists, walls and lists, whose visibility the member changes at will. */
export const memberOwnedJson = (c: Context, cache: ResponseCache, lifetime: number, compute: () => unknown) =>
  cachedJson(c, cache, lifetime, compute, 'member-owned');

function cacheKey(c: Context): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/** A member-specific answer: `private, no-store` whatever the lifetime (legacy conventions). */
export const privateJson = (c: Context, body: unknown) =>
  c.json(body, 200, { 'Cache-Control': 'private, no-store' });

export async function legacyError(
  c: Context,
  err: unknown,
  opts: { notify?: boolean } = {},
): Promise<Response> {
  // A malformed multipart body is the client's mistake (400 bad_request), not a crash.
  err = (await unreadableBodyError(c, err)) ?? err;
  if (err instanceof BadSegment) {
    const notFound = err.status === 404;
    return c.json(
      {
        error: notFound ? 'Not found' : `Bad path segment: ${err.segment}`,
        code: notFound ? 'not_found' : err.message,
      },
      err.status as 400 | 404,
      { 'Cache-Control': 'no-store' },
    );
  }
  if (err instanceof AppError) {
    const body: Record<string, unknown> = {
      error: err.message === err.code ? err.code : err.message,
      code: err.code,
    };
    if (err.field) body.field = err.field;
    if (err.info !== undefined) body.info = err.info;
    if (opts.notify) body.notify = true;
    return c.json(body, err.status as 400, { 'Cache-Control': 'no-store' });
  }
  throw err;
}
