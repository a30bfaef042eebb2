import { expect, test } from './fixtures';

/** The seed's first videos are the real clips, shown exactly as they are. */
const VIDEO = '/videos/1/';

test('a video plays and its position advances', async ({ page }) => {
  await page.goto(VIDEO);
  await expect(page).toHaveURL(/\/videos\/1\/[a-z0-9-]+\/$/);
  await expect(page.locator('h1')).not.toBeEmpty();
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await page.getByRole('button', { name: /play/i }).first().click();
  await expect
    .poll(async () => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
});

test('hovering the seek bar shows a sprite tile', async ({ page }) => {
  await page.goto(VIDEO);
  const bar = page.getByTestId('seek-bar');
  await expect(bar).toBeVisible();
  // Below the header and tag strip the bar may start under the fold; the mouse only reaches what is in view.
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const preview = page.getByTestId('seek-preview');
  // A hover that lands before hydration has no handler yet: hover again until the page answers.
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await expect(preview).toBeVisible({ timeout: 1000 });
  }).toPass();
  const tile = preview.locator('[data-sprite]');
  await expect(tile).toBeVisible();
  const style = await tile.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { image: cs.backgroundImage, width: cs.width, height: cs.height };
  });
  expect(style.image).toMatch(/sprites\/sprite-\d+\.jpg/);
  expect(style.width).toBe('160px');
  expect(style.height).toBe('90px');
  const sprite = await page.request.get(style.image.replace(/^url\("?|"?\)$/g, ''));
  expect(sprite.status()).toBe(200);
});

test('the view statistic is sent a second after load', async ({ page }) => {
  const sent = page.waitForRequest(
    (r) => r.url().includes('/trpc/stats.view') || r.url().includes('/api/stats.php'),
  );
  await page.goto(VIDEO);
  await sent;
});
