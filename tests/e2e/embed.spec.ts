import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The first seeded video (ids 1..400) whose legacy answer matches, e.g. a deleted or private one. */
async function findVideo(
  request: APIRequestContext,
  match: (v: { status_id: number; is_private: number }) => boolean,
): Promise<{ video_id: number; dir: string }> {
  for (let id = 1; id <= 400; id++) {
    const res = await request.get(`/api/json/video/0/0/${id}.json`);
    if (!res.ok()) continue;
    const { video } = await res.json();
    if (match(video)) return video;
  }
  throw new Error('no such video in the seed');
}

/** A third-party page (about:blank) with the embed code the share modal hands out. */
async function embedOnTestPage(page: Page, baseURL: string, path: string) {
  await page.setContent(
    `<!doctype html><html><body style="margin:20px;background:#fff">
      <p>Someone else's blog</p>
      <iframe id="player" src="${baseURL}${path}" width="426" height="265" frameborder="0" scrolling="no" allowfullscreen></iframe>
    </body></html>`,
  );
  return page.frameLocator('#player');
}

test('the embed player works in a 426×265 iframe on another page: player only, no scrollbars', async ({
  page,
  request,
  baseURL,
}) => {
  const { video } = await (await request.get('/api/json/video/0/0/1.json')).json();
  const frame = await embedOnTestPage(page, baseURL!, `/embed/1/${video.dir}/`);

  const player = frame.getByTestId('player-video');
  await expect(player).toBeVisible();
  await expect(frame.locator('header, footer, nav')).toHaveCount(0);
  await expect(frame.locator('.site-header')).toHaveCount(0);

  const title = frame.getByTestId('embed-title');
  await expect(title).toHaveText(video.title);
  await expect(title).toHaveAttribute('target', '_blank');
  await expect(title).toHaveAttribute('href', `/videos/1/${video.dir}/`);

  const element = page.locator('#player');
  const inner = await (await element.elementHandle())!.contentFrame();
  const size = await inner!.evaluate(() => ({
    scrollW: document.documentElement.scrollWidth,
    scrollH: document.documentElement.scrollHeight,
    w: window.innerWidth,
    h: window.innerHeight,
  }));
  expect(size.w).toBe(426);
  expect(size.h).toBe(265);
  expect(size.scrollW).toBeLessThanOrEqual(size.w);
  expect(size.scrollH).toBeLessThanOrEqual(size.h);
  const box = (await frame.locator('.player').boundingBox())!;
  expect(Math.round(box.width)).toBe(426);
  expect(Math.round(box.height)).toBe(265);

  // It plays inside the frame.
  await frame.getByTestId('play-button').click();
  await expect
    .poll(async () => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
});

test('the embed path redirects to the canonical dir and may be framed anywhere', async ({ request }) => {
  const { video } = await (await request.get('/api/json/video/0/0/1.json')).json();
  for (const from of ['/embed/1/', '/embed/1/wrong-dir/']) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toMatch(new RegExp(`/embed/1/${video.dir}/$`));
  }
  const ok = await request.get(`/embed/1/${video.dir}/`);
  expect(ok.status()).toBe(200);
  expect(ok.headers()['x-frame-options']).toBeUndefined();
  const page = await request.get(`/videos/1/${video.dir}/`);
  expect(page.headers()['x-frame-options']).toBe('SAMEORIGIN');
});

test('deleted, private and missing videos show their state inside the frame', async ({
  page,
  request,
  baseURL,
}) => {
  const deleted = await findVideo(request, (v) => v.status_id === 5);
  let frame = await embedOnTestPage(page, baseURL!, `/embed/${deleted.video_id}/${deleted.dir}/`);
  await expect(frame.getByTestId('video-state')).toHaveText('Video has been recently deleted');
  await expect(frame.getByTestId('player-video')).toHaveCount(0);
  await expect(frame.locator('header')).toHaveCount(0);

  const hidden = await findVideo(request, (v) => v.status_id === 1 && v.is_private === 1);
  frame = await embedOnTestPage(page, baseURL!, `/embed/${hidden.video_id}/${hidden.dir}/`);
  await expect(frame.getByTestId('video-state')).toContainText('Video is private!');

  const missing = await request.get('/embed/99999999/nothing-here/');
  expect(missing.status()).toBe(404);
  frame = await embedOnTestPage(page, baseURL!, '/embed/99999999/nothing-here/');
  await expect(frame.getByTestId('video-state')).toContainText('Video not found');
  await expect(frame.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('target', '_blank');
});
