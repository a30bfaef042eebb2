import { closeSync, copyFileSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { syntheticClip } from './helpers/media';
import { registerAndConfirm, signIn } from './helpers/members';
import { shots } from './helpers/shots';

test('a member uploads a 20 MB video, reloads halfway, resumes it from the visible row, and sees it processed into moderation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A synthetic 20 MB source just over the 10-minute minimum.
  const file = syntheticClip('archivereel.mp4', 605);
  // The same name and size with other bytes at the start: not the same file.
  const impostor = join(mkdtempSync(join(tmpdir(), 'vt-impostor-')), 'archivereel.mp4');
  copyFileSync(file, impostor);
  const fd = openSync(impostor, 'r+');
  writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 4096);
  closeSync(fd);
  const short = syntheticClip('shortreel.mp4', 5);

  const tusRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/upload')) tusRequests.push(`${r.method()} ${r.url()}`);
  });

  const name = `uploader_${Date.now() % 1_000_000}`;
  await registerAndConfirm(page, name);
  await signIn(page, name);

  const open = async () => {
    await page.goto('/add-video/');
    const form = page.getByTestId('upload-form');
    // A click before hydration is undone when React takes over the controlled inputs.
    await expect(form).toHaveAttribute('data-hydrated', 'true');
    return form;
  };
  let form = await open();
  const adult = form.getByLabel(/everyone depicted is at least 18/);

  // A too-short video is refused in the browser, with the server's own words, before any byte is sent.
  await form.locator('input[name=file]').setInputFiles(short);
  await form.getByLabel('Title for shortreel.mp4').fill('A short reel');
  await adult.check();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('The video is too short')).toBeVisible();
  expect(tusRequests).toEqual([]);

  await form.locator('input[name=file]').setInputFiles(file);
  await form.getByLabel('Title for archivereel.mp4').fill('An archive reel');
  // "Use my own preview image" needs the image before any byte is sent.
  await form.getByLabel('Use my own preview image').check();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Please add a preview image')).toBeVisible();
  await form.getByLabel('Pick a frame from the video for me').check();
  await adult.uncheck();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText('Please confirm that everyone depicted is an adult and consented'),
  ).toBeVisible();
  expect(tusRequests).toEqual([]);
  await adult.check();
  // Chunks after the ninth (1 MB each) wait until the test has paused: on a fast machine the upload could
  // otherwise finish between reading its progress and pressing Pause.
  let releaseChunks!: () => void;
  const chunksHeld = new Promise<void>((release) => {
    releaseChunks = release;
  });
  let patches = 0;
  await page.route('**/api/upload/**', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches > 9) await chunksHeld;
    // A held chunk is abandoned by the pause: continuing it then fails, which is expected.
    await route.continue().catch(() => {});
  });
  await form.getByRole('button', { name: 'Upload' }).click();

  const item = page.getByTestId('upload-item');
  const bar = item.locator('progress');
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(40);
  // Paused first, so the upload cannot finish between the reading and the reload on a fast machine.
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item).toHaveAttribute('data-state', 'paused');
  releaseChunks();
  await page.unroute('**/api/upload/**');
  const before = Number(await bar.getAttribute('value'));
  expect(before).toBeLessThan(100);
  await page.reload();

  // After the reload the unfinished upload shows how far it got, with a Resume button that asks for the file.
  form = await open();
  const row = page.getByTestId('unfinished-upload').filter({ hasText: 'archivereel.mp4' });
  await expect(row).toContainText(/\d+% of [\d.]+ MB sent/);
  await expect
    .poll(async () => Number(await row.locator('progress').getAttribute('value')))
    .toBeGreaterThanOrEqual(before - 5);
  await expect(row.getByText('Resume')).toBeVisible();
  await shots(page, 'resume-row');

  // Another file is refused before a byte is sent.
  const sentBefore = tusRequests.length;
  await row.getByLabel('Resume archivereel.mp4').setInputFiles(impostor);
  await expect(row.getByTestId('resume-error')).toContainText('This is not the same file');
  expect(tusRequests.slice(sentBefore)).toEqual([]);

  // The same file continues where it stopped.
  await row.getByLabel('Resume archivereel.mp4').setInputFiles(file);
  await expect(row).toHaveCount(0);
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(before - 5);
  await expect(item).toContainText(/left/);
  await expect(page.getByTestId('upload-done')).toBeVisible({ timeout: 60_000 });
  expect(tusRequests.slice(sentBefore).some((r) => r.startsWith('POST'))).toBe(false);

  // Processing shows its progress, then the video waits for a moderator.
  const mine = page.getByTestId('my-upload').first();
  await expect(mine).toHaveAttribute('data-status', /complete|processing|done/);
  await expect(mine).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(mine).toContainText('Waiting for moderation');
});

test('a visitor is sent from the add-video page to the home page', async ({ page }) => {
  await page.goto('/add-video/');
  await expect(page).toHaveURL(/\/$/);
});

test('a member creates an album: several photos, each with its own progress', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-album-'));
  const files = await Promise.all(
    ['#a06040', '#4060a0'].map(async (color, i) => {
      const file = join(dir, `still${i + 1}.jpg`);
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: color } })
        .jpeg()
        .toFile(file);
      return file;
    }),
  );
  const name = `albumist_${Date.now() % 1_000_000}`;
  await registerAndConfirm(page, name);
  await signIn(page, name);
  await page.goto('/create-album/');
  const form = page.getByTestId('album-form');
  await form.getByLabel('Album title').fill('Seaside stills');
  await form.locator('input[type=file]').setInputFiles(files);
  // Like a video upload, an album needs the adult and consent confirmation.
  await form.getByRole('button', { name: 'Create album' }).click();
  await expect(
    page.getByText('Please confirm that everyone depicted is an adult and consented'),
  ).toBeVisible();
  await form.getByLabel(/everyone depicted is at least 18/).check();
  await form.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByTestId('photo-progress')).toHaveCount(2);
  await expect(page.getByTestId('album-done')).toBeVisible();
  await expect(page.getByTestId('photo-progress').filter({ hasText: 'Uploaded' })).toHaveCount(2);
});
