import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, pageKey } from './page-cache';

const NONCE = 'c3RvcmVkLW5vbmNlLTEyMw==';
const html = (nonce: string, extra = '') =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>${'<p>Reel</p>'.repeat(400)}${extra}<script nonce="${nonce}">go()</script><link rel="modulepreload" nonce="${nonce}"/></body></html>`;
const page = (extra = '') => ({
  headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
  body: Buffer.from(html(NONCE, extra)),
});

function sut(now = () => 1_000_000_000_000, ttl = 60) {
  return createPageCache({
    maxBytes: 1 << 22,
    ttlSeconds: ttl,
    mediaUrlTtlSeconds: 6 * 3600,
    shared: true,
    vary: [],
    now,
  });
}
const ask = (nonce: string, acceptEncoding: string | null = null) => ({ nonce, acceptEncoding, head: false });

describe('the page cache', () => {
  it('puts the fresh nonce in every place the stored one was, in identity and gzip bodies', () => {
    const cache = sut();
    const p = page();
    const entry = cache.put('k', p, p.body, NONCE)!;
    const fresh = 'ZnJlc2gtbm9uY2UtNDU2Nzg=';
    const plain = cache.answer('k', entry, ask(fresh));
    expect(plain.body!.toString()).toBe(html(fresh));
    const gz = cache.answer('k', entry, ask(fresh, 'gzip, deflate, br'));
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gz.body!).toString()).toBe(html(fresh));
    expect(gz.body!.length).toBeLessThan(p.body.length / 5);
    expect(Number(gz.headers['Content-Length'])).toBe(gz.body!.length);
  });

  it('reuses a sent body for the next answer, rewriting only the nonce', () => {
    const cache = sut();
    const p = page();
    const entry = cache.put('k', p, p.body, NONCE)!;
    for (const accept of [null, 'gzip']) {
      const seen = new Set<Buffer>();
      for (let i = 0; i < 6; i++) {
        const nonce = Buffer.from(`nonce-number-${i}-of-six!!`).toString('base64').slice(0, 24);
        const a = cache.answer('k', entry, { ...ask(nonce, accept), pooled: true });
        const html = accept ? gunzipSync(a.body!).toString() : a.body!.toString();
        expect(html).toBe(page().body.toString().replaceAll(NONCE, nonce));
        seen.add(a.body!);
        a.release!();
      }
      expect(seen.size).toBe(1);
    }
  });

  it('answers 304 to the ETag and counts max-age down with the entry', () => {
    let t = 1_000_000_000_000;
    const cache = sut(() => t);
    const p = page();
    const entry = cache.put('k', p, p.body, NONCE)!;
    expect(cache.answer('k', entry, ask('x')).headers['Cache-Control']).toBe(
      'public, max-age=0, s-maxage=60',
    );
    t += 45_000;
    const again = cache.answer('k', entry, { ...ask('x'), ifNoneMatch: entry.etag });
    expect(again.status).toBe(304);
    expect(again.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=15');
    t += 16_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('never stores an answer that sets a cookie or forbids storing', () => {
    const cache = sut();
    const body = Buffer.from(html(NONCE));
    const cookie = new Headers({ 'Content-Type': 'text/html', 'Set-Cookie': 'lang=de' });
    expect(cache.put('a', { headers: cookie }, body, NONCE)).toBeNull();
    const noStore = new Headers({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' });
    expect(cache.put('b', { headers: noStore }, body, NONCE)).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it('keeps a page no longer than its signed media locations stay valid for half of MEDIA_URL_TTL', () => {
    const now = 1_000_000_000_000;
    const cache = sut(() => now, 3 * 3600);
    const exp = now / 1000 + 4 * 3600;
    const p = page(`<script>{"hls":"/media/${exp}/sig/test~clip/master.m3u8"}</script>`);
    const entry = cache.put('k', p, p.body, NONCE)!;
    expect(entry.expires - now).toBe(3600 * 1000);
    const soon = page(`/media/${now / 1000 + 3 * 3600}/sig/x/master.m3u8`);
    expect(cache.put('s', soon, soon.body, NONCE)).toBeNull();
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
