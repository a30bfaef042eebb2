import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCachedLegacy } from '../../apps/api/src/legacy/cache-fast-path';
import { precompress } from '../../scripts/precompress.mjs';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

const LIST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';
const BOTH = 'gzip, deflate, br, zstd';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 120 });
});
afterAll(() => sut.close());

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const decode = (body: Buffer, enc: string | null) =>
  enc === 'br' ? brotliDecompressSync(body) : enc === 'gzip' ? gunzipSync(body) : body;
const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  sut.request(path, {
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding, ...headers } : headers,
  });

describe('legacy JSON', () => {
  it('decodes to the same bytes in brotli and gzip, from the cache, with Vary', async () => {
    const plain = await bytes(await get(LIST));
    for (const [accept, enc] of [
      [BOTH, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      // Twice: the first fills the cache (or hits it), the second is a hit; both send the stored bytes.
      const first = await get(LIST, accept);
      const second = await get(LIST, accept);
      expect(first.headers.get('content-encoding')).toBe(enc);
      expect(first.headers.get('vary')).toMatch(/Accept-Encoding/);
      const a = await bytes(first);
      expect(decode(a, enc).equals(plain)).toBe(true);
      expect((await bytes(second)).equals(a)).toBe(true);
      if (enc) expect(a.length).toBeLessThan(plain.length / 3);
    }
  });

  it('the listener fast path sends the stored variant with Vary', async () => {
    await get(LIST);
    const plain = sut.cache.get(LIST)!.body;
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
    } as unknown as ServerResponse;
    const req = {
      url: LIST,
      method: 'GET',
      headers: { 'accept-encoding': BOTH },
    } as unknown as IncomingMessage;
    expect(serveCachedLegacy(sut.cache, req, res)).toBe(true);
    const h = new Map<string, string>();
    for (let i = 0; i < out.headers.length; i += 2) h.set(out.headers[i]!, out.headers[i + 1]!);
    expect(h.get('Content-Encoding')).toBe('br');
    expect(h.get('Vary')).toBe('Accept-Encoding');
    expect(Number(h.get('Content-Length'))).toBe(out.body!.length);
    expect(brotliDecompressSync(out.body!).equals(plain)).toBe(true);
  });

  it('leaves small answers alone', async () => {
    const res = await get('/healthz', BOTH);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});

describe('tRPC and pages', () => {
  it('compresses an uncached tRPC answer on the fly', async () => {
    const path = `/trpc/videos.list?input=${encodeURIComponent(JSON.stringify({ sort: 'latest-updates', page: 1, count: 40 }))}`;
    const plain = await bytes(await get(path));
    const res = await get(path, BOTH);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(await bytes(res)).equals(plain)).toBe(true);
  });

  it('an anonymous page is stored once and decodes to the identity page in brotli and gzip', async () => {
    const plain = await bytes(await get('/videos/top-rated/1/'));
    for (const [accept, coding] of [
      [BOTH, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/videos/top-rated/1/', accept);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      const body = await bytes(res);
      const html = coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(html.equals(plain)).toBe(true);
    }
  });

  it("a member's page is compressed per request, in brotli", async () => {
    await sut.createMember('Squeezer');
    const cookie = await sut.signIn('Squeezer');
    const res = await get('/videos/top-rated/1/', BOTH, { cookie });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(res)).toString()).toContain('Squeezer');
  });

  it("react-router's .data answers for client navigation are compressed", async () => {
    const res = await get('/videos/top-rated/1/_.data', BOTH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const plain = await bytes(await get('/videos/top-rated/1/_.data'));
    expect(brotliDecompressSync(await bytes(res)).equals(plain)).toBe(true);
  });
});

describe('media', () => {
  const signed = () => sut.services.urls.signedHls(TEST_MEDIA).url;

  it('range requests and segments are sent as they are', async () => {
    const segment = signed().replace('master.m3u8', '360p/seg-0000.ts');
    const whole = await get(segment, BOTH);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBeNull();
    const part = await get(segment, BOTH, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-encoding')).toBeNull();
    expect((await bytes(part)).length).toBe(100);
    const playlist = await get(signed(), BOTH, { range: 'bytes=0-9' });
    expect(playlist.status).toBe(206);
    expect(playlist.headers.get('content-encoding')).toBeNull();
  });
});

describe('static assets', () => {
  let dir: string;
  let app: TestApp;
  const js = `export const reels = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `reel number ${i}`))};\n`;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vt-build-'));
    mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'client', 'assets', 'reels-abc123.js'), js);
    writeFileSync(join(dir, 'client', 'assets', 'tiny-abc123.js'), 'export {};\n');
    precompress(join(dir, 'client'));
    app = createTestApp({ videos: 10, env: { WEB_BUILD_DIR: dir } });
  });
  afterAll(() => {
    app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are served from the files precompressed at build time, by negotiation, with Vary', async () => {
    const path = '/assets/reels-abc123.js';
    for (const [accept, enc] of [
      [BOTH, 'br'],
      ['gzip', 'gzip'],
      [undefined, null],
    ] as const) {
      const res = await app.request(path, { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(enc);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(decode(await bytes(res), enc).toString()).toBe(js);
    }
    const ranged = await app.request(path, { headers: { 'accept-encoding': BOTH, range: 'bytes=0-5' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-encoding')).toBeNull();
    expect(await ranged.text()).toBe(js.slice(0, 6));
  });

  it('leaves files too small to gain anything uncompressed', async () => {
    const res = await app.request('/assets/tiny-abc123.js', { headers: { 'accept-encoding': BOTH } });
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
