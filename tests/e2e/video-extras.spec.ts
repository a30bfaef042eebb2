import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const VIDEO = '/videos/1/';

/** Plays the current video page's clip and jumps to its last half second, so it ends for real. */
async function playToEnd(page: Page) {
  const video = page.getByTestId('player-video');
  await page.getByTestId('play-button').click();
  await expect
    .poll(async () => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 0.5);
  });
  await expect(page.getByTestId('end-screen')).toBeVisible({ timeout: 20_000 });
}

/** Stops the page's (installed) clock, so countdowns move only when the test moves them. */
async function pauseClock(page: Page) {
  // The installed clock keeps running until paused: aim far enough ahead that it cannot already be past.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

const relatedHrefs = (page: Page) =>
  page
    .locator('.related [data-testid="thumb"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test('a long description is clamped to one line with a More/Less toggle', async ({ page }) => {
  await page.goto(VIDEO);
  // On a wide screen the seeded one- or two-sentence descriptions fit in one line: no toggle.
  const text = page.getByTestId('video-description');
  await expect(text).toBeVisible();
  await expect(page.getByRole('button', { name: 'More' })).toHaveCount(0);

  await page.setViewportSize({ width: 420, height: 900 });
  const more = page.getByRole('button', { name: 'More' });
  await expect(more).toBeVisible();
  expect((await text.boundingBox())!.height).toBeLessThanOrEqual(20);
  await more.click();
  const less = page.getByRole('button', { name: 'Less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  expect((await text.boundingBox())!.height).toBeGreaterThan(20);
  await less.click();
  await expect(page.getByRole('button', { name: 'More' })).toBeVisible();
  expect((await text.boundingBox())!.height).toBeLessThanOrEqual(20);
});

test('the share modal offers the link and the embed code, and shows Copied for a second', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto(VIDEO);
  await pauseClock(page);
  const url = new URL(page.url()).pathname;
  const [, dir] = /^\/videos\/1\/([a-z0-9-]+)\/$/.exec(url)!;
  await page.getByRole('button', { name: 'Share' }).click();
  const modal = page.getByTestId('share-modal');
  await expect(modal.getByRole('heading', { name: 'Share this video' })).toBeVisible();
  await expect(modal.getByLabel('Link to this page')).toHaveValue(new RegExp(`^https?://[^/]+${url}$`));
  const embed = modal.getByLabel('Embed code');
  await expect(embed).toHaveValue(
    new RegExp(`^<iframe src="https?://[^/]+/embed/1/${dir}/" width="426" height="265" [^>]*></iframe>$`),
  );

  const copy = page.getByTestId('share-embed').getByRole('button');
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await embed.inputValue());
  await page.clock.runFor(800);
  await expect(copy).toHaveText('Copied');
  await page.clock.runFor(300);
  await expect(copy).toHaveText('Copy');

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('the download gate asks to subscribe, then waits 10 s and offers the file link', async ({ page }) => {
  await page.clock.install();
  await page.goto(VIDEO);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Download' }).click();
  const gate = page.getByTestId('download-gate');
  await expect(gate.getByRole('heading', { name: 'Download video' })).toBeVisible();
  await expect(page.getByTestId('download-gate-state')).toHaveAttribute('data-state', 'not_subscribed');
  await expect(gate).toContainText(/Subscribe to .+ to download this video straight away\./);

  // Visitors cannot subscribe: that needs a member.
  await gate.getByRole('button', { name: 'Subscribe' }).click();
  await expect(gate.getByRole('alert')).toHaveText('Please sign in to complete this action');

  await gate.getByRole('button', { name: 'Continue without subscribing' }).click();
  await expect(page.getByTestId('download-gate-state')).toHaveAttribute('data-state', 'waiting');
  const countdown = page.getByTestId('download-countdown');
  await expect(countdown).toHaveText('Your download will be ready in 10 s');
  await page.clock.runFor(4_000);
  await expect(countdown).toHaveText('Your download will be ready in 6 s');
  await page.clock.runFor(6_000);
  await expect(page.getByTestId('download-gate-state')).toHaveAttribute('data-state', 'active');
  await expect(gate).toContainText('Your download is ready.');
  // The MP4 itself is downloaded and probed in download.spec.ts.
  const qualities = page.getByTestId('download-qualities').getByRole('button');
  await expect(qualities.first()).toHaveText(/^\d+p MP4$/);
});

test('when the video ends, the next related video opens after a 20 s countdown', async ({ page }) => {
  await page.clock.install();
  await page.goto(VIDEO);
  const [next] = await relatedHrefs(page);
  expect(next).toMatch(/^\/videos\/\d+\/[a-z0-9-]+\/$/);
  await playToEnd(page);
  await pauseClock(page);
  const countdown = page.getByTestId('autoplay-countdown');
  // Pausing the clock lets up to 2 s of the countdown pass: read where it stands, then drive it.
  const left = Number(/Next video in (\d+) s/.exec((await countdown.textContent()) ?? '')?.[1]);
  expect(left).toBeGreaterThanOrEqual(17);
  expect(left).toBeLessThanOrEqual(20);
  await page.clock.runFor(5_000);
  await expect(countdown).toContainText(`Next video in ${left - 5} s`);
  await page.clock.fastForward((left - 5) * 1000);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
});

test('the countdown can be cancelled, and related videos in the player follow the related list', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(VIDEO);
  const firstPage = await relatedHrefs(page);
  await playToEnd(page);
  await pauseClock(page);
  const items = page.getByTestId('end-screen-item');
  await expect(items.first()).toHaveAttribute('href', firstPage[0]!);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('autoplay-countdown')).toHaveCount(0);
  await page.clock.fastForward(25_000);
  expect(new URL(page.url()).pathname).toMatch(/^\/videos\/1\//);

  // Paging the related list below the player refreshes the player's own list.
  await page
    .getByRole('navigation', { name: 'Related videos' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/related_page=2/);
  await expect.poll(async () => (await relatedHrefs(page))[0]).not.toBe(firstPage[0]);
  const secondPage = await relatedHrefs(page);
  await expect(page.getByTestId('end-screen')).toBeVisible();
  await expect(items.first()).toHaveAttribute('href', secondPage[0]!);
});

test('no next-video autoplay on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.clock.install();
  await page.goto(VIDEO);
  await playToEnd(page);
  await pauseClock(page);
  await expect(page.getByTestId('autoplay-countdown')).toHaveCount(0);
  await page.clock.fastForward(25_000);
  expect(new URL(page.url()).pathname).toMatch(/^\/videos\/1\//);
});

test('comments show 10 per page, newest first, with paging and a sign-in hint', async ({ page, request }) => {
  const listing = await (
    await request.get('/api/json/videos2/0/straight/most-commented/1/all..1.all.0.all.json')
  ).json();
  const { video_id: id, dir } = listing.videos[0];
  const bucket = Math.floor(id / 1000) * 1000;
  const api = await (await request.get(`/api/json/comments/0/video/${bucket}/${id}.json`)).json();
  expect(api.total_count).toBeGreaterThan(10);

  await page.goto(`/videos/${id}/${dir}/`);
  const comments = page.getByTestId('comments');
  await expect(comments.getByRole('heading', { name: `Comments (${api.total_count})` })).toBeVisible();
  await expect(page.getByTestId('comments-sign-in')).toContainText('Sign in');
  const items = page.getByTestId('comment');
  await expect(items).toHaveCount(10);
  await expect(items.first().locator('.comment__text')).toHaveText(api.comments[0].comment);
  await expect(items.first().locator('.comment__author')).toHaveText(api.comments[0].name);

  await page.getByRole('navigation', { name: 'Comment pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/comments_page=2/);
  await expect(items).toHaveCount(Math.min(10, api.total_count - 10));
});

test('the suggestion strip shows a labelled row of popular videos', async ({ page }) => {
  await page.goto(VIDEO);
  const strip = page.getByTestId('suggestion-strip');
  await expect(strip.getByRole('heading', { name: 'Popular this week' })).toBeVisible();
  const thumbs = strip.getByTestId('thumb');
  expect(await thumbs.count()).toBeGreaterThan(0);
  expect(await thumbs.count()).toBeLessThanOrEqual(6);
  await expect(strip.locator('a[href^="/videos/1/"]')).toHaveCount(0);
});

test('deleted and private video pages show their state without the player, downloads or comments', async ({
  page,
  request,
}) => {
  const find = async (match: (v: { status_id: number; is_private: number }) => boolean) => {
    for (let id = 1; id <= 400; id++) {
      const res = await request.get(`/api/json/video/0/0/${id}.json`);
      const video = res.ok() ? (await res.json()).video : null;
      if (video && match(video)) return video;
    }
    throw new Error('no such video in the seed');
  };
  const deleted = await find((v) => v.status_id === 5);
  const res = await page.goto(`/videos/${deleted.video_id}/${deleted.dir}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('video-state')).toHaveText('Video has been recently deleted');
  await expect(page.getByTestId('player-video')).toHaveCount(0);
  await expect(page.getByTestId('video-actions')).toHaveCount(0);
  await expect(page.getByTestId('comments')).toHaveCount(0);

  const hidden = await find((v) => v.status_id === 1 && v.is_private === 1);
  await page.goto(`/videos/${hidden.video_id}/${hidden.dir}/`);
  await expect(page.getByTestId('video-state')).toContainText('Video is private!');
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByTestId('comments')).toHaveCount(0);
});
