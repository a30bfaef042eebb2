import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 120 });
});
afterAll(() => sut.close());

describe('GET /static/tf/videos.{key}.json (partner slider)', () => {
  it('answers the demo network with synthetic partner videos, cached for 10 minutes', async () => {
    const res = await sut.request('/static/tf/videos.demo.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const items = (await res.json()) as { title: string; url: string; thumb: string; duration: number }[];
    expect(items.length).toBeGreaterThanOrEqual(17);
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.url).toMatch(/^https:\/\/[a-z0-9.-]+\.example\//);
      expect(item.duration).toBeGreaterThan(0);
    }
    const thumb = await sut.request(items[0].thumb);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/svg+xml');
    expect(await thumb.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('serves an operator feed file from PARTNER_FEEDS_DIR as it is, before any demo', async () => {
    mkdirSync(sut.config.partnerFeedsDir, { recursive: true });
    const feed = JSON.stringify([
      { title: 'Partner clip', url: 'https://partner.test/v/1', thumb: '/t.jpg' },
    ]);
    writeFileSync(join(sut.config.partnerFeedsDir, 'videos.trade.json'), feed);
    writeFileSync(join(sut.config.partnerFeedsDir, 'videos.demo.json'), '[]');
    const res = await sut.request('/static/tf/videos.trade.json');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(feed);
    expect(await (await sut.request('/static/tf/videos.demo.json')).json()).toEqual([]);
  });

  it('answers 404 for unknown keys and anything that is not a feed name', async () => {
    for (const path of [
      '/static/tf/videos.unknown.json',
      '/static/tf/videos..%2F..%2Fsite.db.json',
      '/static/tf/site.db',
      '/static/tf/thumbs/demo-0.svg',
      '/static/tf/thumbs/other.svg',
    ]) {
      expect((await sut.request(path)).status, path).toBe(404);
    }
  });
});

describe('the shell on a rendered page', () => {
  it('carries the network bar, the tag strip, partner links and the ad zones, without an ad document', async () => {
    const res = await sut.request('/videos/latest-updates/1/');
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const site of sut.config.network.sisterSites) expect(html).toContain(`href="${site.url}"`);
    for (const partner of sut.config.network.partnerLinks) expect(html).toContain(`href="${partner.url}"`);
    expect(html).toContain('data-testid="tag-strip"');
    expect(html).toContain('href="/top-country/1/"');

    // Four footer banners and the listing's slots (60 thumbs, one slot after every 15 but the last): their
    // boxes only. The browser makes each sandboxed iframe when its box nears the viewport (tests/e2e/shell.spec.ts).
    expect(html.match(/<div class="ad-frame"/g)?.length).toBe(4 + 3);
    expect(html).not.toContain('<iframe');
  });

  it("serves each ad document with its own sandboxing policy, framable only by the site's pages", async () => {
    const res = await sut.request('/ads/en/footer/0.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('allow-same-origin');
    expect(await res.text()).toContain('<base target="_blank">');
    for (const bad of ['/ads/xx/footer/0.html', '/ads/en/footer/9.html', '/ads/en/popup/0.html'])
      expect((await sut.request(bad)).status).toBe(404);
  });
});
