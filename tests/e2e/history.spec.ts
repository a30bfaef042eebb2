import { expect, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

test('the viewing history shows full thumbs, no sort tabs, and clears after a confirmation', async ({
  page,
}) => {
  await page.goto('/history/1/');
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();
  await expect(page.getByTestId('history-clear')).toHaveCount(0);

  // Watch two videos (a signed-out visitor's history lives in the browser).
  await page.goto('/videos/latest-updates/1/');
  const hrefs = await page
    .getByTestId('thumb')
    .locator('a.thumb__link')
    .evaluateAll((links) => links.slice(0, 2).map((a) => a.getAttribute('href')!));
  const titles: string[] = [];
  for (const href of hrefs) {
    await page.goto(href);
    titles.push((await page.locator('h1').textContent())!);
    // Recorded once the page has hydrated.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('watch_history') ?? ''))
      .toContain(href.split('/')[2]);
  }

  await page.goto('/history/1/');
  const thumbs = page.getByTestId('thumb');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first().locator('.thumb__title')).toHaveText(titles[1]);
  // Duration, views and rating come fresh from the server.
  for (const thumb of await thumbs.all()) {
    await expect(thumb.locator('.badge--duration')).toHaveText(/\d+:\d\d/);
    await expect(thumb.locator('.thumb__views')).toHaveText(/views/);
    await expect(thumb.locator('.thumb__rating')).toHaveText(/% liked/);
  }
  // No sort tabs or filters: they would only lead away from the history.
  await expect(page.locator('.listing-controls')).toHaveCount(0);

  // Dismissing the confirmation keeps everything.
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByTestId('history-clear').click();
  await expect(thumbs).toHaveCount(2);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('Clear your whole viewing history?');
    void dialog.accept();
  });
  await page.getByTestId('history-clear').click();
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Your viewing history is cleared');
  await page.reload();
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('watch_history'))).toBeNull();
});

test('a history entry whose video is gone keeps its stored thumb, and the thumbs call takes only ids', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'watch_history',
      JSON.stringify([
        { type: 'video', params: { video_id: 99999999, dir: 'gone', title: 'A vanished reel', thumb: '' } },
      ]),
    ),
  );
  await page.goto('/history/1/');
  await expect(page.getByTestId('thumb')).toHaveCount(1);
  await expect(page.getByTestId('thumb').locator('.thumb__title')).toHaveText('A vanished reel');

  const bad = await request.get(
    `/trpc/videos.thumbs?input=${encodeURIComponent(JSON.stringify({ ids: ['1; DROP'] }))}`,
  );
  expect(bad.status()).toBe(400);
  const many = await request.get(
    `/trpc/videos.thumbs?input=${encodeURIComponent(JSON.stringify({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }))}`,
  );
  expect(many.status()).toBe(400);
});
