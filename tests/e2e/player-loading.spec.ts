import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/** The seed's first video is a real 30 s clip with an HLS ladder of 4 s segments. */
const VIDEO = '/videos/1/';
const LISTING = '/videos/latest-updates/1/';
/** Issue 18: about 30 s ahead of the playhead; one segment of slack for the one being fetched. */
const AHEAD_LIMIT = 30;

const isHlsJs = (r: Request) => /\/assets\/hls[-.][^/]*\.js(\?|$)/.test(r.url());
const isStream = (r: Request) => /\.(m3u8|ts|m4s)(\?|$)|videofile\.php/.test(new URL(r.url()).pathname);

function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

/** Makes this browser take the hls.js path, as one without native HLS (Firefox, older Chrome) does. */
async function withoutNativeHls(page: Page) {
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
}

/**
 * Serves each rendition playlist as the 30 s clip repeated ten times (a 300 s video), so a player that
 * buffers the whole file is told apart from one that stops about 30 s ahead. Returns the start time of
 * every segment fetched.
 */
async function longVideo(page: Page): Promise<number[]> {
  const starts = new Map<string, number>();
  await page.route(/\/index\.m3u8$/, async (route) => {
    const response = await route.fetch();
    const lines = (await response.text()).split('\n');
    const header = lines.filter((l) => l.startsWith('#EXT') && !/^#EXT(INF|-X-ENDLIST)/.test(l));
    const segments: [number, string][] = [];
    lines.forEach((line, i) => {
      if (line.startsWith('#EXTINF:')) segments.push([Number.parseFloat(line.slice(8)), lines[i + 1]]);
    });
    const base = route
      .request()
      .url()
      .replace(/[^/]*$/, '');
    const out = [...header];
    let t = 0;
    for (let round = 0; round < 10; round++) {
      if (round > 0) out.push('#EXT-X-DISCONTINUITY');
      for (const [duration, uri] of segments) {
        const url = `${uri}?round=${round}`;
        starts.set(base + url, t);
        out.push(`#EXTINF:${duration.toFixed(6)},`, url);
        t += duration;
      }
    }
    out.push('#EXT-X-ENDLIST', '');
    await route.fulfill({ response, body: out.join('\n') });
  });
  const fetched: number[] = [];
  page.on('request', (r) => {
    const start = starts.get(r.url());
    if (start !== undefined) fetched.push(start);
  });
  return fetched;
}

const currentTime = (page: Page) =>
  page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('the video page shows its poster first and fetches no stream, segment or hls.js before play', async ({
  page,
}) => {
  await withoutNativeHls(page);
  const requests = recordRequests(page);
  await page.goto(VIDEO, { waitUntil: 'networkidle' });

  // The poster is the page's first image, prioritised, not lazy, sized, and really shown (as WebP here).
  const poster = page.locator('img').first();
  await expect(poster).toHaveAttribute('data-testid', 'player-poster');
  await expect(poster).toHaveAttribute('fetchpriority', 'high');
  expect(await poster.getAttribute('loading')).not.toBe('lazy');
  await expect(poster).toHaveAttribute('width', /\d+/);
  await expect(poster).toHaveAttribute('height', /\d+/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);

  // Seeking before play only moves the start point; the seek-bar hover still previews sprites.
  await page.getByTestId('seek-bar').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('player-time')).toContainText('0:05');

  // Pointing at play warms hls.js, and still no playlist or segment.
  await page.getByTestId('play-button').hover();
  await expect.poll(() => requests.some(isHlsJs)).toBe(true);
  expect(requests.filter(isStream).map((r) => r.url())).toEqual([]);
  expect(requests.filter((r) => r.url().includes('preview.mp4'))).toEqual([]);

  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(5.5);
});

test('where the browser plays HLS itself, hls.js is never fetched and playback still advances', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  const native = await page
    .getByTestId('player-video')
    .evaluate((v: HTMLVideoElement) => v.canPlayType('application/vnd.apple.mpegurl') !== '');
  test.skip(!native, 'this Chromium has no native HLS');
  await page.getByTestId('play-button').hover();
  expect(requests.filter((r) => isHlsJs(r) || isStream(r))).toEqual([]);
  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(requests.filter(isHlsJs)).toEqual([]);
});

for (const path of ['hls.js', 'native HLS'] as const) {
  test(`after play, ${path} buffers about 30 s ahead, not the whole video`, async ({ page }) => {
    if (path === 'hls.js') await withoutNativeHls(page);
    const fetched = await longVideo(page);
    await page.goto(VIDEO, { waitUntil: 'networkidle' });
    if (path === 'native HLS') {
      const native = await page
        .getByTestId('player-video')
        .evaluate((v: HTMLVideoElement) => v.canPlayType('application/vnd.apple.mpegurl') !== '');
      test.skip(!native, 'this Chromium has no native HLS');
    }
    expect(fetched).toEqual([]);
    await page.getByTestId('play-button').click();
    // On localhost a player without a bound has fetched far past 40 s by the time 6 s have played.
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(6);
    const now = await currentTime(page);
    const furthest = Math.max(...fetched);
    expect(fetched.length).toBeGreaterThan(0);
    // The furthest segment fetched starts at most about 30 s (plus the 4 s one in flight) past the playhead.
    expect(furthest - now).toBeLessThanOrEqual(AHEAD_LIMIT + 4);
    const ahead = await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
      const b = v.buffered;
      return b.length ? b.end(b.length - 1) - v.currentTime : 0;
    });
    expect(ahead).toBeLessThanOrEqual(AHEAD_LIMIT + 8);
  });
}

test('the seek bar keeps its sprite previews and the keyboard keys after play', async ({ page }) => {
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // k pauses; the right arrow seeks 5 s.
  await page.getByTestId('seek-bar').focus();
  await page.keyboard.press('k');
  await expect
    .poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
  const before = await currentTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 4);
  const bar = page.getByTestId('seek-bar');
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  const tile = page.getByTestId('seek-preview').locator('[data-sprite]');
  await expect(tile).toBeVisible();
  const image = await tile.evaluate((el) => getComputedStyle(el).backgroundImage);
  const url = image.replace(/^url\("?|"?\)$/g, '');
  const sprite = await page.request.get(url);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
});

test('a listing page never requests hls.js or a stream; thumbs are lazy WebP with sizes, previews only on hover', async ({
  page,
}) => {
  await withoutNativeHls(page);
  const requests = recordRequests(page);
  await page.goto(LISTING, { waitUntil: 'networkidle' });
  const images = page.locator('img.thumb__image');
  expect(await images.count()).toBeGreaterThan(10);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('decoding', 'async');
    await expect(img).toHaveAttribute('sizes', /vw/);
    // One element per thumb: the WebP widths in srcset, the JPEG as src for a browser without srcset.
    await expect(img).toHaveAttribute('srcset', /\.jpg\.webp 320w, .*\.jpg\.webp 640w$/);
    await expect(img).toHaveAttribute('src', /\.jpg$/);
  }
  await expect(page.locator('.thumb picture, .thumb source')).toHaveCount(0);
  const first = images.first();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  const webp = await page.request.get(await first.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(webp.headers()['content-type']).toBe('image/webp');
  expect(requests.filter((r) => r.url().includes('preview.mp4'))).toEqual([]);

  // A hover loads that thumb's preview clip, and still nothing of the player.
  await page.getByTestId('thumb').first().hover();
  await expect(page.getByTestId('thumb-preview')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => isHlsJs(r) || isStream(r)).map((r) => r.url())).toEqual([]);
});

test("a thumb's `sizes` names the width its grid cell has, with and without the category sidebar", async ({
  page,
}) => {
  // Too wide a guess had phones and tablets fetch the 640-wide image where the 320 one is sharp.
  for (const path of ['/', LISTING]) {
    for (const width of [320, 390, 412, 767, 768, 900, 1024, 1100, 1280, 1366, 1600, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      if (page.url().endsWith(path)) await page.reload();
      else await page.goto(path);
      const cell = await page
        .locator('.thumb-grid img.thumb__image')
        .first()
        .evaluate((img: HTMLImageElement) => {
          // The first media condition that holds picks its length, which a probe element then measures.
          const pick = img.sizes
            .split(/,\s*(?![^(]*\))/)
            .map((part) => part.trim().match(/^(\(.*\))?\s*(.+)$/)!)
            .find(([, media]) => !media || matchMedia(media).matches)!;
          const probe = document.createElement('div');
          probe.style.width = pick[2];
          document.body.append(probe);
          const said = probe.getBoundingClientRect().width;
          probe.remove();
          return { said, laid: img.getBoundingClientRect().width };
        });
      expect(cell.said, `${path} at ${width} px`).toBeGreaterThanOrEqual(cell.laid - 0.5);
      expect(cell.said, `${path} at ${width} px`).toBeLessThan(cell.laid + 3);
    }
  }
});
