import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { serveCachedLegacy } from './cache-fast-path';
import { createResponseCache } from './response-cache';

function fakeRes() {
  const out = { status: 0, headers: [] as string[], body: undefined as Buffer | undefined };
  const res = {
    writeHead(status: number, headers: string[]) {
      out.status = status;
      out.headers = headers;
      return res;
    },
    end(body?: Buffer) {
      out.body = body;
    },
  };
  return { res: res as unknown as ServerResponse, out };
}
const req = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ url, method, headers }) as unknown as IncomingMessage;

describe('serveCachedLegacy', () => {
  const PATH = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';

  it('answers a shared-cache hit with the same headers the app sends', () => {
    const cache = createResponseCache(1 << 20, 600);
    const entry = cache.put(PATH, { videos: [], total_count: 0 }, 86400);
    const { res, out } = fakeRes();
    expect(serveCachedLegacy(cache, req(PATH), res)).toBe(true);
    expect(out.status).toBe(200);
    const headers = Object.fromEntries(
      out.headers.flatMap((v, i, all) => (i % 2 === 0 ? [[v.toLowerCase(), all[i + 1]]] : [])),
    );
    expect(headers).toMatchObject({
      'cache-control': 'public, max-age=86400',
      etag: entry.etag,
      rating: 'RTA-5042-1996-1400-1577-RTA',
      'content-length': String(entry.body.length),
    });
    expect(out.body?.toString()).toBe('{"videos":[],"total_count":0}');
  });

  it('answers 304 on a matching ETag and passes misses, lifetime 0 and other methods through', () => {
    const cache = createResponseCache(1 << 20, 600);
    const entry = cache.put(PATH, { ok: 1 }, 86400);
    const { res, out } = fakeRes();
    expect(serveCachedLegacy(cache, req(PATH, { 'if-none-match': entry.etag }), res)).toBe(true);
    expect(out.status).toBe(304);
    cache.put('/api/json/videos2/0/x', { ok: 1 }, 0);
    expect(serveCachedLegacy(cache, req('/api/json/videos2/0/x'), fakeRes().res)).toBe(false);
    expect(serveCachedLegacy(cache, req('/api/json/other.json'), fakeRes().res)).toBe(false);
    expect(serveCachedLegacy(cache, req(PATH, {}, 'POST'), fakeRes().res)).toBe(false);
    expect(serveCachedLegacy(cache, req('/videos/1/'), fakeRes().res)).toBe(false);
  });
});
