import type { Page } from '@playwright/test';
import { mp4Boxes, probeMp4 } from '../../packages/media/src/testing/hls-fixture';
import { expect, test } from './fixtures';

const VIDEO = '/videos/1/';

/** The #EXTINF total of one ladder level, read the way a player reads it: what the MP4 must last. */
async function playlistSeconds(page: Page, quality: string): Promise<number> {
  const res = await page.request.get('/api/videofile.php?video_id=1');
  const [hls] = (await res.json()) as { video_url: string }[];
  const master = Buffer.from(hls.video_url, 'base64').toString();
  const variant = await page.request.get(master.replace('master.m3u8', `${quality}/index.m3u8`));
  expect(variant.status()).toBe(200);
  let total = 0;
  for (const m of (await variant.text()).matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/** Opens the gate, skips subscribing and lets the 10 s wait pass on the page's own clock. */
async function passTheGate(page: Page) {
  // The gate only logs a failed file-link fetch (spec §8): show it in the test's output.
  page.on('console', (m) => m.type() === 'error' && console.log(`[browser] ${m.text()}`));
  await page.clock.install();
  await page.goto(VIDEO);
  const gate = page.getByTestId('download-gate');
  // A click that lands before hydration has no handler yet: click again until the gate opens.
  await expect(async () => {
    if (!(await gate.isVisible()))
      await page.getByRole('button', { name: 'Download' }).click({ timeout: 2_000 });
    await expect(gate).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await gate.getByRole('button', { name: 'Continue without subscribing' }).click();
  await expect(page.getByTestId('download-countdown')).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('download-gate-state')).toHaveAttribute('data-state', 'active');
  // From here the gate polls the file's progress on real time.
  await page.clock.resume();
  return gate;
}

test('after the gate, a chosen quality downloads as an MP4 that ffprobe reads with the right duration', async ({
  page,
}, testInfo) => {
  const gate = await passTheGate(page);
  const qualities = gate.getByTestId('download-qualities').getByRole('button');
  await expect(qualities.first()).toBeVisible();
  const labels = await qualities.allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^\d+p MP4$/);
  await page.screenshot({ path: testInfo.outputPath('gate-qualities-1366.png') });

  const choice = qualities.last();
  const quality = (await choice.getAttribute('data-quality'))!;
  const downloading = page.waitForEvent('download');
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  const download = await downloading;
  const dir = /^\/videos\/1\/([a-z0-9-]+)\/$/.exec(new URL(page.url()).pathname)![1];
  expect(download.suggestedFilename()).toBe(`${dir}-${quality}.mp4`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const probed = probeMp4(file);
  expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
  expect(Math.abs(probed.durationSec - (await playlistSeconds(page, quality)))).toBeLessThanOrEqual(0.5);
  const boxes = mp4Boxes(file);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

  await expect(page.getByTestId('download-progress')).toHaveAttribute('data-state', 'ready');
  const again = page.getByTestId('download-link');
  await expect(again).toHaveAttribute('href', new RegExp(`^/download/\\d+/[\\w-]+/1/${quality}\\.mp4$`));
  await page.screenshot({ path: testInfo.outputPath('gate-ready-1366.png') });
});

for (const width of [320, 390, 768]) {
  test(`at ${width} px the gate shows the qualities, fitting the screen, and downloads the chosen one`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    const gate = await passTheGate(page);
    const qualities = gate.getByTestId('download-qualities').getByRole('button');
    await expect(qualities.first()).toBeVisible();
    // Every choice fits the screen.
    for (const right of await qualities.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().right),
    )) {
      expect(right).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: testInfo.outputPath(`gate-qualities-${width}.png`) });
    const downloading = page.waitForEvent('download');
    await qualities.first().click();
    await downloading;
    await expect(page.getByTestId('download-progress')).toHaveAttribute('data-state', 'ready');
    await page.screenshot({ path: testInfo.outputPath(`gate-ready-${width}.png`) });
  });
}

test('the download URL dies with the signature: forged or expired links are refused', async ({ page }) => {
  const res = await page.request.get('/api/videofile.php?video_id=1');
  const mp4 = ((await res.json()) as { format: string; video_url: string }[]).find(
    (f) => f.format === 'mp4',
  )!;
  const url = Buffer.from(mp4.video_url, 'base64').toString();
  const [, , exp, sig] = url.split('/');
  expect((await page.request.get(url.replace(sig, 'A'.repeat(sig.length)))).status()).toBe(403);
  expect((await page.request.get(url.replace(`/${exp}/`, '/1000/'))).status()).toBe(403);
  expect((await page.request.get(url.replace(/\/\d+p\.mp4$/, '/4320p.mp4'))).status()).toBe(403);
});

test('while the MP4 is being made the gate shows how far it has got, and a failure can be retried', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const gate = await passTheGate(page);
  // The seeded clips remux in well under a second: the server's answers are held at 42 % to look at it.
  let answer: object = { state: 'working', percent: 42 };
  await page.route(/\/download\/.+\.json$/, (route) => route.fulfill({ json: answer }));
  await gate.getByTestId('download-qualities').getByRole('button').first().click();
  const progress = page.getByTestId('download-progress');
  await expect(progress).toHaveAttribute('data-state', 'working');
  await expect(progress.getByRole('status')).toHaveText(/^Preparing the \d+p file: 42%$/);
  await expect(progress.locator('progress')).toHaveJSProperty('value', 42);
  await page.screenshot({ path: testInfo.outputPath('gate-preparing-390.png') });

  answer = { state: 'failed' };
  await expect(progress.getByRole('alert')).toHaveText(
    'The file could not be prepared. Please try again in a moment.',
  );
  await page.unroute(/\/download\/.+\.json$/);
  const downloading = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'Try again' }).click();
  await downloading;
  await expect(progress).toHaveAttribute('data-state', 'ready');
});

test('the video page loads the download gate only on intent, not in its first load', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes('download-gate'))).toEqual([]);
  // Pointing at the button fetches it (hydration may still be under way: point again until it does).
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Download' }).hover({ timeout: 2_000 });
    expect(scripts.some((s) => s.includes('download-gate'))).toBe(true);
  }).toPass();
});
