import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, pageKey } from './page-cache';

const NONCE = 'c3RvcmVkLW5vbmNlLTEyMw==';
const html = (nonce: string, extra = '') =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>${'<p>Reel</p>'.repeat(400)}${extra}<script nonce="${nonce}">go()</script><link rel="modulepreload" nonce="${nonce}"/></body></html>`;
const page = (extra = '') => ({
  headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
  body: Buffer.from(html(NONCE, extra)),
});

function sut(now = () => 1_000_000_000_000, ttl = 60, staleSeconds = 0) {
  return createPageCache({
    maxBytes: 1 << 22,
    ttlSeconds: ttl,
    staleSeconds,
    mediaUrlTtlSeconds: 6 * 3600,
    shared: true,
    vary: [],
    now,
  });
}
const ask = (acceptEncoding: string | null = null) => ({ acceptEncoding, head: false });

describe('the page cache', () => {
  it('sends the stored page as rendered, compressed once per coding', () => {
    const cache = sut();
    const p = page();
    const entry = cache.put('k', p, p.body)!;
    expect(cache.answer('k', entry, ask()).body!.toString()).toBe(html(NONCE));
    const gz = cache.answer('k', entry, ask('gzip, deflate'));
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gz.body!).toString()).toBe(html(NONCE));
    expect(Number(gz.headers['Content-Length'])).toBe(gz.body!.length);
    const br = cache.answer('k', entry, ask('gzip, deflate, br'));
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(brotliDecompressSync(br.body!).toString()).toBe(html(NONCE));
    expect(br.body!.length).toBeLessThan(p.body.length / 5);
    // The same buffer every time: nothing is copied or compressed per hit.
    expect(cache.answer('k', entry, ask('br')).body).toBe(br.body);
  });

  it("counts a page's compressed copies in its byte budget, the smaller one replacing the first", async () => {
    const cache = sut();
    const p = page();
    const entry = cache.put('k', p, p.body)!;
    const stored = cache.bytes;
    const first = cache.answer('k', entry, ask('br')).body!;
    expect(cache.bytes).toBe(stored + first.length);
    // Asked for again: the copy stored-codings.ts makes after this answer replaces the first in the count.
    expect(cache.answer('k', entry, ask('br')).body).toBe(first);
    await new Promise((done) => setImmediate(done));
    const later = cache.answer('k', entry, ask('br')).body!;
    expect(brotliDecompressSync(later).equals(p.body)).toBe(true);
    expect(cache.bytes).toBe(stored + later.length);
  });

  it("allows the page's inline scripts by hash, not by the nonce of the render that stored it", () => {
    const cache = sut();
    const p = page('<script type="application/json">{"data":1}</script>');
    const entry = cache.put('k', p, p.body)!;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(entry.scriptHashes).toEqual([sha('window.a=1'), sha('go()')]);
    const req = new Request('http://x/');
    cache.markServed(req, entry);
    const res = new Response('', {
      headers: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' 'nonce-${NONCE}'` },
    });
    cache.finish(req, res, NONCE);
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'self'; script-src 'self' ${sha('window.a=1')} ${sha('go()')}`,
    );
    expect(entry.sent!.csp).toBe(res.headers.get('content-security-policy'));
  });

  it('answers 304 to the ETag and counts max-age down with the entry', () => {
    let t = 1_000_000_000_000;
    const cache = sut(() => t);
    const p = page();
    const entry = cache.put('k', p, p.body)!;
    expect(cache.answer('k', entry, ask()).headers['Cache-Control']).toBe('public, max-age=0, s-maxage=60');
    t += 45_000;
    const again = cache.answer('k', entry, { ...ask(), ifNoneMatch: entry.etag });
    expect(again.status).toBe(304);
    expect(again.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=15');
    t += 16_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps a page PAGE_CACHE_STALE past its TTL as stale, then drops it', () => {
    let t = 1_000_000_000_000;
    const cache = sut(() => t, 60, 120);
    const p = page();
    const entry = cache.put('k', p, p.body)!;
    expect(cache.isStale(entry)).toBe(false);
    t += 60_000;
    expect(cache.get('k')).toBe(entry);
    expect(cache.isStale(entry)).toBe(true);
    // A stale page is nobody's to keep: a CDN is told it has no time left.
    expect(cache.answer('k', entry, ask()).headers['Cache-Control']).toBe('public, max-age=0, s-maxage=0');
    t += 119_000;
    expect(cache.get('k')).toBe(entry);
    t += 1_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('is never stale past the half-life of its signed media locations, nor after a purge', () => {
    const now = 1_000_000_000_000;
    const cache = sut(() => now, 60, 3600);
    const exp = now / 1000 + 3 * 3600 + 600;
    const p = page(`/media/${exp}/sig/x/master.m3u8`);
    const entry = cache.put('k', p, p.body)!;
    expect(entry.expires - now).toBe(60_000);
    expect(entry.staleUntil - now).toBe(600_000);
    cache.purge();
    expect(cache.get('k')).toBeUndefined();
  });

  it('refuses a page whose render began before a purge', () => {
    const cache = sut();
    const p = page();
    const began = cache.generation;
    cache.purge();
    expect(cache.put('k', p, p.body, began)).toBeNull();
    expect(cache.put('k', p, p.body, cache.generation)).not.toBeNull();
  });

  it('never stores an answer that sets a cookie or forbids storing', () => {
    const cache = sut();
    const body = Buffer.from(html(NONCE));
    const cookie = new Headers({ 'Content-Type': 'text/html', 'Set-Cookie': 'lang=de' });
    expect(cache.put('a', { headers: cookie }, body)).toBeNull();
    const noStore = new Headers({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' });
    expect(cache.put('b', { headers: noStore }, body)).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it('keeps a page no longer than its signed media locations stay valid for half of MEDIA_URL_TTL', () => {
    const now = 1_000_000_000_000;
    const cache = sut(() => now, 3 * 3600);
    const exp = now / 1000 + 4 * 3600;
    const p = page(`<script>{"hls":"/media/${exp}/sig/test~clip/master.m3u8"}</script>`);
    const entry = cache.put('k', p, p.body)!;
    expect(entry.expires - now).toBe(3600 * 1000);
    const soon = page(`/media/${now / 1000 + 3 * 3600}/sig/x/master.m3u8`);
    expect(cache.put('s', soon, soon.body)).toBeNull();
    // The earliest location counts; digits that are not a whole expiry segment do not.
    const both = page(
      `/media/${exp}/a/x.m3u8 /media/${exp - 1800}/b/y.m3u8 /media/${now}/c/ /media/${exp - 3600}x/ /media/123/`,
    );
    expect(cache.put('b', both, both.body)!.expires - now).toBe(1800 * 1000);
  });

  it('keys pages by language, orientation, country and the age gate as shown', () => {
    const base = {
      lang: 'en',
      gender: 'straight',
      country: null,
      requestCountry: 'de',
      ageGate: { shown: true, lang: 'de', method: 'modal' } as const,
    };
    const keys = new Set([
      pageKey('/', base),
      pageKey('/', { ...base, lang: 'de' }),
      pageKey('/', { ...base, gender: 'gay' }),
      pageKey('/', { ...base, country: 'de' }),
      pageKey('/', { ...base, requestCountry: 'fr' }),
      pageKey('/', { ...base, ageGate: { ...base.ageGate, shown: false } }),
      pageKey('/', { ...base, ageGate: { ...base.ageGate, lang: 'en' } }),
      pageKey('/?page=2', base),
    ]);
    expect(keys.size).toBe(8);
  });
});
