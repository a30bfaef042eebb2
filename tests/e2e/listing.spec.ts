import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGS } from './helpers/catalogs';

const titles = (page: Page) =>
  page.getByTestId('thumb').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
const durations = (page: Page) =>
  page
    .getByTestId('thumb')
    .evaluateAll((els) =>
      els.map((e) =>
        (/(\d+:)?\d+:\d\d/.exec(e.textContent ?? '')?.[0] ?? '0:00')
          .split(':')
          .reduce((s, p) => s * 60 + Number(p), 0),
      ),
    );

test('changing the sort on a listing changes the order', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  await expect(page.getByTestId('thumb')).toHaveCount(60);
  const latest = await titles(page);
  await page.locator('a[href^="/videos/longest/1/"]').first().click();
  await expect(page).toHaveURL(/\/videos\/longest\/1\/$/);
  await expect.poll(async () => (await titles(page))[0]).not.toBe(latest[0]);
  const secs = await durations(page);
  expect(secs).toHaveLength(60);
  expect([...secs].sort((a, b) => b - a)).toEqual(secs);
  await expect(page.locator('h1')).not.toHaveText(/latest/i);
});

test('server-side redirects and the 404 page', async ({ page, request }) => {
  const r = await request.get('/videos/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/videos/latest-updates/1/');
  const top = await request.get('/top-rated/3/', { maxRedirects: 0 });
  expect(top.headers().location).toBe('/videos/top-rated/3/');
  const slash = await request.get('/videos/longest/2', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  const unknown = await request.get('/videos/newest/1/', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe('/404/');
  const missing = await page.goto('/no/such/page/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Oops! Content not found!')).toBeVisible();
});

test('hovering a thumbnail plays its muted preview clip', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const thumb = page.getByTestId('thumb').first();
  await thumb.hover();
  const preview = thumb.getByTestId('thumb-preview');
  await expect(preview).toHaveAttribute('src', /preview\.mp4$/);
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => (v.muted ? v.currentTime : -1)), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.2);
  await page.mouse.move(0, 0);
  await expect(preview).toHaveCount(0);
});

// Thumbs below the first rows are laid out only as they near the viewport; until then each stands in at its
// own height. A wrong guess moved the pagination by a row under the pointer (a click then landed on the
// footer) and shifted the page for readers.
for (const width of [320, 390, 1280]) {
  test(`at ${width} px the thumbs coming into view move nothing on a listing`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/videos/latest-updates/1/', '/albums/most-viewed/1/']) {
      await page.goto(path);
      const grid = page.locator('main .thumb-grid').first();
      const before = (await grid.boundingBox())!.height;
      const pagination = page.getByRole('navigation', { name: 'Pages' });
      await pagination.scrollIntoViewIfNeeded();
      // Every thumb on the way has rendered (content-visibility no longer skips the last one).
      await expect
        .poll(() =>
          grid
            .locator('> li > .thumb')
            .last()
            .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true })),
        )
        .toBe(true);
      expect((await grid.boundingBox())!.height, path).toBeCloseTo(before, 0);
    }
  });
}

// The stand-in counts one stats line: in the narrowest cell and the longest language it must stay one.
test('at 320 px a thumb keeps its stats on one line in every language', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const lang of LANGS) {
    for (const path of ['/videos/latest-updates/1/', '/albums/most-viewed/1/']) {
      await page.goto(`${path}?lang=${lang}`);
      const heights = await page
        .locator('main .thumb__stats')
        .evaluateAll((stats) => [...new Set(stats.map((p) => Math.round(p.getBoundingClientRect().height)))]);
      expect(heights, `${lang} ${path}`).toEqual([19]);
    }
  }
  await page.context().clearCookies({ name: 'lang' });
});
