import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markCachesSynced } from '../../apps/api/src/http/caches-synced';
import { createPageFastPath } from '../../apps/api/src/pages/page-fast-path';
import { createTestApp, type TestApp } from './helpers/test-app';
import { trpcOf } from './helpers/trpc';

/** The anonymous page cache (docs/decisions/0019-anonymous-page-cache.md). */
let sut: TestApp;
let moderator: string;
let member: string;
let video: { id: number; dir: string; title: string };

const LISTING = '/videos/latest-updates/1/';
const videoPath = () => `/videos/${video.id}/${video.dir}/`;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await sut.request(path, { headers });
  return { res, html: await res.text() };
}
const scriptSrcOf = (headers: Headers) =>
  /script-src ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? '';
const gateShown = (html: string) => html.includes('data-testid="age-gate"');
async function takeDown(videoId: number) {
  const { res } = await trpcOf(sut)('moderation.takeDown', { videoId, note: 'reported' }, moderator);
  expect(res.status).toBe(200);
}

/** A list kept a minute answers the same again, and leaves its first video at the next request after a takedown. */
async function expectTakedownLeaves(ids: () => Promise<number[]>) {
  const before = await ids();
  expect(before.length).toBeGreaterThan(1);
  expect(await ids()).toEqual(before);
  await takeDown(before[0]!);
  const after = await ids();
  expect(after).not.toContain(before[0]);
  expect(after).toContain(before[1]);
}

beforeAll(async () => {
  sut = createTestApp({ videos: 120 });
  const sqlite = sut.db.$client;
  const modId = await sut.createMember('warden');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(modId);
  await sut.createMember('Regular');
  moderator = await sut.signIn('warden');
  member = await sut.signIn('Regular');
  video = sqlite
    .prepare(
      `SELECT id, dir, title FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path IS NOT NULL
       ORDER BY post_date DESC, id DESC LIMIT 1`,
    )
    .get() as typeof video;
});
afterAll(() => sut.close());

describe('anonymous pages', () => {
  it('are sent from the cache as stored, byte for byte, with a CSP of script hashes and no nonce', async () => {
    const first = await page('/');
    const second = await page('/');
    expect(first.res.status).toBe(200);
    expect(second.res.status).toBe(200);
    expect(sut.pageCache.bytes).toBeGreaterThan(0);
    expect(second.html).toBe(first.html);
    for (const { res } of [first, second]) {
      expect(scriptSrcOf(res.headers)).not.toContain("'nonce-");
      expect(scriptSrcOf(res.headers)).toContain("'sha256-");
    }
    expect(second.res.headers.get('content-security-policy')).toBe(
      first.res.headers.get('content-security-policy'),
    );
  });

  it('carry Cache-Control, an ETag and Vary, and answer 304 without a CSP that would not match the kept body', async () => {
    const { res } = await page('/videos/latest-updates/2/');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=([1-5]\d|60)$/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await sut.request('/videos/latest-updates/2/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect(await again.text()).toBe('');
  });

  it('cache client-navigation data (.data) the same way', async () => {
    const path = `/videos/${video.id}/${video.dir}/_.data`;
    const first = await sut.request(path);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(body).toContain(video.title);
    const second = await sut.request(path, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(second.status).toBe(304);
  });
});

describe('members and visitors never share a page', () => {
  it('a signed-in member never receives the cached anonymous page, and never fills the cache', async () => {
    const anonymous = await page('/videos/most-popular/1/');
    expect(anonymous.html).not.toContain('Regular');
    const before = sut.pageCache.bytes;
    const mine = await page('/videos/most-popular/1/', { cookie: member });
    expect(mine.res.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.html).toContain('Regular');
    expect(mine.res.headers.get('etag')).toBeNull();
    // A page no visitor asked for yet: the member's render is not stored.
    await page('/videos/most-popular/3/', { cookie: member });
    expect(sut.pageCache.bytes).toBe(before);
    const visitor = await page('/videos/most-popular/3/');
    expect(visitor.html).not.toContain('Regular');
    expect(visitor.res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('a request with any session cookie, even a stale one, renders its own page', async () => {
    await page('/videos/top-rated/1/');
    const before = sut.pageCache.bytes;
    const stale = await page('/videos/top-rated/4/', { cookie: 'vt_session=expired-or-forged' });
    expect(stale.res.headers.get('etag')).toBeNull();
    expect(sut.pageCache.bytes).toBe(before);
  });

  it('an answer that sets a cookie (the ?lang= choice) is neither kept nor public', async () => {
    const chosen = await page('/?lang=de');
    expect(chosen.res.headers.getSetCookie().some((c) => c.startsWith('lang=de'))).toBe(true);
    expect(chosen.res.headers.get('cache-control')).toBe('private, no-cache');
    const replay = await page('/?lang=de', { cookie: 'lang=de' });
    expect(replay.res.headers.getSetCookie()).toEqual([]);
    expect(replay.html).toContain('lang="de"');
  });

  it('so is the ?orientation= choice (ADR 0025); the page it renders names itself canonical', async () => {
    const chosen = await page('/categories/?orientation=gay');
    expect(chosen.res.headers.getSetCookie().some((c) => c.startsWith('orientation=gay;'))).toBe(true);
    expect(chosen.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(chosen.html).toMatch(/<link rel="canonical" href="[^"]*\/categories\/\?orientation=gay"/);
    expect(chosen.html).toContain(
      'hrefLang="ja" href="http://localhost:3000/categories/?orientation=gay&amp;lang=ja"'.replace(
        'http://localhost:3000',
        sut.config.publicOrigin,
      ),
    );
    const replay = await page('/categories/?orientation=gay', { cookie: 'orientation=gay' });
    expect(replay.res.headers.getSetCookie()).toEqual([]);
    expect(replay.res.headers.get('cache-control')).toMatch(/^public/);
    // An unknown orientation is ignored: no cookie, the straight page.
    const odd = await page('/categories/?orientation=martian');
    expect(odd.res.headers.getSetCookie()).toEqual([]);
    // JSON answers never carry the cookie.
    const json = await sut.request('/api/json/main/0/straight.en.json?orientation=gay');
    expect(json.headers.getSetCookie()).toEqual([]);
  });
});

describe('variants', () => {
  it('the age-gated and the ungated page never mix', async () => {
    const order: [Record<string, string>, boolean][] = [
      [{ 'cf-ipcountry': 'DE' }, true],
      [{}, false],
      [{ 'cf-ipcountry': 'AU' }, false],
      [{ 'cf-ipcountry': 'DE' }, true],
      [{ 'cf-ipcountry': 'FR' }, true],
      [{}, false],
    ];
    for (const [headers, gated] of order) {
      const { html } = await page('/videos/latest-updates/5/', headers);
      expect(gateShown(html), JSON.stringify(headers)).toBe(gated);
    }
  });

  it('language and orientation each get their own page', async () => {
    const de = await page('/categories/', { cookie: 'lang=de' });
    const en = await page('/categories/');
    expect(de.html).toContain('<html lang="de"');
    expect(en.html).toContain('<html lang="en"');
    expect((await page('/categories/', { cookie: 'lang=de' })).html).toContain('<html lang="de"');
    // Category counts differ by orientation; each cached variant keeps its own.
    const count = (html: string) => /category-index__count">([^<]+)</.exec(html)?.[1];
    const straight = await page('/categories/');
    const gay = await page('/categories/', { cookie: 'orientation=gay' });
    expect(count(gay.html)).not.toBe(count(straight.html));
    expect(count((await page('/categories/')).html)).toBe(count(straight.html));
    expect(count((await page('/categories/', { cookie: 'orientation=gay' })).html)).toBe(count(gay.html));
  });
});

describe("the listener's fast path", () => {
  function fast(url: string, headers: Record<string, string> = {}) {
    const out = { status: 0, headers: new Headers(), body: undefined as Buffer | undefined };
    const res = {
      writeHead(status: number, flat: string[]) {
        out.status = status;
        for (let i = 0; i < flat.length; i += 2) out.headers.append(flat[i]!, flat[i + 1]!);
        return res;
      },
      end(body?: Buffer) {
        out.body = body;
      },
    } as unknown as ServerResponse;
    const req = { method: 'GET', url, headers } as unknown as IncomingMessage;
    const served = createPageFastPath(sut.pageCache, sut.services, sut.config)(req, res);
    return { served, ...out };
  }
  const IGNORED = new Set(['x-request-id', 'content-security-policy', 'date', 'connection', 'keep-alive']);
  const headerNames = (h: Headers) => [...h.keys()].filter((n) => !IGNORED.has(n)).sort();

  it('answers a stored page as the app does: same body, same headers, the same CSP', async () => {
    const visitors: Record<string, string>[] = [
      {},
      { 'cf-ipcountry': 'DE' },
      { cookie: 'lang=fr; orientation=gay' },
    ];
    for (const headers of visitors) {
      const path = '/categories/';
      await page(path, headers);
      const app2 = await page(path, headers);
      const hit = fast(
        path,
        Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      );
      expect(hit.served, JSON.stringify(headers)).toBe(true);
      expect(hit.status).toBe(200);
      const html = hit.body!.toString();
      expect(html).toBe(app2.html);
      expect(headerNames(hit.headers)).toEqual(headerNames(app2.res.headers));
      expect(hit.headers.get('content-security-policy')).toBe(
        app2.res.headers.get('content-security-policy'),
      );
      expect(scriptSrcOf(hit.headers)).not.toContain("'nonce-");
      expect(gateShown(html)).toBe('cf-ipcountry' in headers);
    }
  });

  it('sends brotli or gzip as stored, and 304 without a CSP', async () => {
    const { res, html } = await page('/categories/');
    const br = fast('/categories/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.body!).toString()).toBe(html);
    const zipped = fast('/categories/', { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(zipped.body!).toString()).toBe(html);
    const revalidated = fast('/categories/', { 'if-none-match': res.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it('leaves sessions, language choices to remember and unknown pages to the app', async () => {
    await page('/categories/');
    expect(fast('/categories/', { cookie: `${member}` }).served).toBe(false);
    expect(fast('/categories/', { cookie: 'vt_session=x' }).served).toBe(false);
    expect(fast('/categories/?lang=de').served).toBe(false);
    // An orientation choice to remember, too; once remembered, the stored page is sent.
    expect(fast('/categories/?orientation=gay').served).toBe(false);
    await page('/categories/?orientation=gay', { cookie: 'orientation=gay' });
    expect(fast('/categories/?orientation=gay', { cookie: 'orientation=gay' }).served).toBe(true);
    expect(fast('/categories/nope/').served).toBe(false);
    expect(fast('/api/json/main/0/straight.en.json').served).toBe(false);
  });
});

describe('ad and mail parameters (utm_*, gclid, fbclid…)', () => {
  it('are rendered without, and share the page stored for the address without them', async () => {
    const clicked = await page(`${videoPath()}?utm_source=ads&fbclid=CLICK1&related_page=2`);
    expect(clicked.res.status).toBe(200);
    // Links built from the query (the orientation switch's) carry the page's own parameters only.
    expect(clicked.html).toContain('related_page=2');
    expect(clicked.html).not.toMatch(/CLICK1|utm_source|fbclid/);
    const plain = await page(`${videoPath()}?related_page=2`);
    expect(plain.html).toBe(clicked.html);
    expect(plain.res.headers.get('etag')).toBe(clicked.res.headers.get('etag'));

    const searched = await page('/search/1/?gclid=CLICK2&s=retro');
    expect(searched.html).not.toContain('CLICK2');
    expect((await page('/search/1/?s=retro')).html).toBe(searched.html);
  });

  it("are left out of the listener's key too", async () => {
    await page('/categories/');
    const stored = await page('/categories/');
    const url = '/categories/?utm_campaign=spring&gclid=1';
    let body: Buffer | undefined;
    const res = {
      writeHead: () => res,
      end: (b?: Buffer) => {
        body = b;
      },
    } as unknown as ServerResponse;
    const req = { method: 'GET', url, headers: {} } as IncomingMessage;
    expect(createPageFastPath(sut.pageCache, sut.services, sut.config)(req, res)).toBe(true);
    expect(body?.toString()).toBe(stored.html);
  });
});

describe('moderation', () => {
  it('a takedown is gone from every cached page at the next request', async () => {
    const listing = await page(LISTING);
    const shown = /href="\/videos\/(\d+)\/([^/"]+)\/"/.exec(listing.html)!;
    video = { id: Number(shown[1]), dir: shown[2]!, title: '' };
    expect(listing.html).toContain(videoPath());
    const watch = await page(videoPath());
    expect(watch.html).toContain('master.m3u8');
    // Hits now.
    expect((await page(LISTING)).html).toContain(videoPath());

    await takeDown(video.id);

    expect((await page(LISTING)).html).not.toContain(videoPath());
    const after = await page(videoPath());
    expect(after.html).not.toContain('master.m3u8');
  });

  it("a video's related list, kept a minute, drops a takedown at the next request", async () => {
    const { id } = sut.db.$client
      .prepare(
        `SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path IS NOT NULL
         ORDER BY post_date ASC LIMIT 1`,
      )
      .get() as { id: number };
    await expectTakedownLeaves(async () => {
      const { body } = await trpcOf(sut)('videos.related', { id, page: 1 }, undefined, 'GET');
      return body.result.data.items.map((v: { id: number }) => v.id);
    });
  });

  it("the home's blocks, read once a minute, drop a takedown at the next request", async () => {
    const { country } = sut.db.$client
      .prepare('SELECT country FROM video_country_views GROUP BY country ORDER BY count(*) DESC LIMIT 1')
      .get() as { country: string };
    await expectTakedownLeaves(async () => {
      const { body } = await trpcOf(sut)('videos.home', { topOnly: true }, `country=${country}`, 'GET');
      return body.result.data.top.map((v: { id: number }) => v.id);
    });
  });
});

describe('stale pages (PAGE_CACHE_STALE)', () => {
  const etagOf = async (path: string) => (await page(path)).res.headers.get('etag');
  /** Moves the clock the page cache reads on by `ms`, the rest of the run going on in real time. */
  function later(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + ms);
  }
  afterEach(() => {
    vi.useRealTimers();
    sut.pageCache.purge();
  });

  it('are sent past their TTL while one render replaces them, and the next visitors get the new page', async () => {
    const path = '/videos/most-popular/1/';
    const stored = await etagOf(path);
    expect(await etagOf(path)).toBe(stored);
    later(61_000);
    const stale = await page(path);
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get('etag')).toBe(stored);
    expect(stale.res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=0');
    // The render that replaces it stores a page of its own (each render's bytes differ: its nonce).
    await expect.poll(() => etagOf(path)).not.toBe(stored);
    const fresh = await page(path);
    expect(fresh.res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=(59|60)$/);
    // The listener sends the fresh page again; a stale one it leaves to the app.
    later(61_000);
    const req = { method: 'GET', url: path, headers: {} } as unknown as IncomingMessage;
    const res = { writeHead: () => res, end: () => {} } as unknown as ServerResponse;
    expect(createPageFastPath(sut.pageCache, sut.services, sut.config)(req, res)).toBe(false);
  });

  it('are rendered before they are sent once PAGE_CACHE_STALE has passed too', async () => {
    const path = '/videos/top-rated/1/';
    const stored = await etagOf(path);
    later((60 + 120 + 1) * 1000);
    const answer = await page(path);
    expect(answer.res.headers.get('etag')).not.toBe(stored);
    expect(answer.res.headers.get('cache-control')).toMatch(/s-maxage=(59|60)$/);
  });

  it('a takedown drops them too', async () => {
    const path = '/videos/longest/1/';
    const listed = /href="\/videos\/(\d+)\/([^/"]+)\/"/.exec((await page(path)).html)!;
    later(61_000);
    expect((await page(path)).html).toContain(listed[0]);
    await takeDown(Number(listed[1]));
    expect((await page(path)).html).not.toContain(listed[0]);
  });
});

describe('the cache epoch (ADR 0044 addendum)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is read once per request: the app skips its look for a request the listener has synced', async () => {
    const sync = vi.spyOn(sut.services.caches, 'sync');
    await sut.app.fetch(new Request('http://localhost/healthz'), { incoming: {} });
    expect(sync).toHaveBeenCalledTimes(1);
    const incoming = {} as IncomingMessage;
    markCachesSynced(incoming);
    const res = await sut.app.fetch(new Request('http://localhost/healthz'), { incoming });
    expect(res.status).toBe(200);
    expect(sync).toHaveBeenCalledTimes(1);
  });
});
