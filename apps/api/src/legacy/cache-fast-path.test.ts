import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
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

  it('compresses a stored answer when a coding is first asked for, and only that coding', () => {
    const cache = createResponseCache(1 << 20, 600);
    const videos = Array.from({ length: 200 }, (_, i) => ({ video_id: i, title: `Reel ${i}` }));
    const entry = cache.put(PATH, { videos }, 86400);
    expect(entry.br).toBeUndefined();
    const before = cache.bytes;
    const { res, out } = fakeRes();
    serveCachedLegacy(cache, req(PATH, { 'accept-encoding': 'gzip, br' }), res);
    expect(out.headers).toContain('br');
    expect(brotliDecompressSync(out.body!).equals(entry.body)).toBe(true);
    expect(entry.gzip).toBeUndefined();
    expect(cache.bytes).toBe(before + out.body!.length);
    // Under the threshold or not stored (lifetime 0): sent as it is, compressed on the way out by the app.
    const small = cache.put('/api/json/video/1.json', { ok: 1 }, 86400);
    expect(cache.variant('/api/json/video/1.json', small, 'br').encoding).toBeNull();
    const once = cache.put('/api/json/videos2/0/x', { videos }, 0);
    expect(cache.variant('/api/json/videos2/0/x', once, 'br').encoding).toBeNull();
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
