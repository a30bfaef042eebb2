import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { registerAndConfirm, signIn } from './helpers/members';

test('a member uploads a 20 MB video, reloads halfway, resumes, and sees it processed into moderation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A synthetic 20 MB source just over the 10-minute minimum: test pattern, no real footage.
  const file = join(mkdtempSync(join(tmpdir(), 'vt-upload-')), 'archivereel.mp4');
  const made = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '605',
    '-c:v',
    'libx264',
    '-b:v',
    '240k',
    '-maxrate',
    '240k',
    '-bufsize',
    '480k',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-shortest',
    '-y',
    file,
  ]);
  expect(made.status).toBe(0);

  const name = `uploader_${Date.now() % 1_000_000}`;
  await registerAndConfirm(page, name);
  await signIn(page, name);

  // Visitors are sent away; members get the form.
  const fill = async () => {
    await page.goto('/add-video/');
    const form = page.getByTestId('upload-form');
    // A click before hydration is undone when React takes over the controlled inputs.
    await expect(form).toHaveAttribute('data-hydrated', 'true');
    await form.locator('input[type=file]').setInputFiles(file);
    await form.getByLabel('Title').fill('An archive reel');
    // After a reload the form may restore the interrupted upload's fields as the file is recognised.
    const adult = form.getByLabel(/everyone depicted is at least 18/);
    await expect(async () => {
      await adult.check();
      await expect(adult).toBeChecked({ timeout: 1000 });
    }).toPass();
    return form;
  };
  let form = await fill();
  // "Use my own preview image" needs the image before any byte is sent.
  await form.getByLabel('Use my own preview image').check();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Please add a preview image')).toBeVisible();
  await form.getByLabel('Pick a frame from the video for me').check();
  await form.getByLabel(/everyone depicted is at least 18/).uncheck();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText('Please confirm that everyone depicted is an adult and consented'),
  ).toBeVisible();
  await form.getByLabel(/everyone depicted is at least 18/).check();
  await form.getByRole('button', { name: 'Upload' }).click();

  const bar = page.getByTestId('upload-progress').locator('progress');
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(40);
  const before = Number(await bar.getAttribute('value'));
  await page.reload();

  // The same file again: tus finds the stored fingerprint and continues where it stopped.
  form = await fill();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(before - 5);
  await expect(page.getByTestId('upload-progress')).toContainText(/left/);
  await expect(page.getByTestId('upload-done')).toBeVisible({ timeout: 60_000 });

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
  await form.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByTestId('photo-progress')).toHaveCount(2);
  await expect(page.getByTestId('album-done')).toBeVisible();
  await expect(page.getByTestId('photo-progress').filter({ hasText: 'Uploaded' })).toHaveCount(2);
});
