import { expect, test } from './fixtures';

/**
 * Issue 19: a visitor never sees the listing and the player disagree. The longest demo videos loop a
 * short real clip (docs/decisions/0024); the player must report the length the listing shows, play past
 * the loop points, and the HD badge must mean a 720p or taller rendition.
 */

const seconds = (clock: string) => clock.split(':').reduce((acc, n) => acc * 60 + Number(n), 0);

test('the longest video plays as long as its listing says, and HD means a 720p rendition', async ({
  page,
  request,
}) => {
  await page.goto('/videos/longest/1/');
  const thumb = page.getByTestId('thumb').first();
  const badge = ((await thumb.locator('.badge--duration').textContent()) ?? '').replace(/[^\d:]/g, '');
  const listed = seconds(badge);
  expect(listed).toBeGreaterThan(40 * 60);
  const hdBadge = (await thumb.locator('.badge--hd').count()) > 0;
  await thumb.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/videos\/\d+\/[a-z0-9-]+\/$/);
  const id = /\/videos\/(\d+)\//.exec(page.url())![1];

  await page.getByRole('button', { name: /play/i }).first().click();
  const video = page.locator('video');
  await expect
    .poll(async () => video.evaluate((v: HTMLVideoElement) => Math.floor(v.duration || 0)), {
      timeout: 20_000,
    })
    .toBe(listed);
  // Far past the clip's own end: the loop keeps playing.
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 20;
  });
  const from = listed - 20;
  await expect
    .poll(async () => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(from + 1);

  // The badge against the ladder the player gets.
  const [file] = await (await request.get(`/api/videofile.php?video_id=${id}`)).json();
  const master = await (await request.get(Buffer.from(file.video_url, 'base64').toString())).text();
  const tallest = Math.max(...[...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1])));
  expect(hdBadge).toBe(tallest >= 720);
});
