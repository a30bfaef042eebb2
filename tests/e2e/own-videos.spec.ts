import type { Page } from '@playwright/test';
import { expect, newPage, test } from './fixtures';
import { syntheticClip } from './helpers/media';
import { registerAndConfirm, signIn } from './helpers/members';
import { shots } from './helpers/shots';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

/** Calls a tRPC procedure as the signed-in page would (mutations POST JSON with the site's Origin). */
async function trpc(page: Page, path: string, input?: unknown, mutation = false) {
  const origin = new URL(page.url()).origin;
  const res = mutation
    ? await page.request.post(`/trpc/${path}`, { headers: { origin }, data: input ?? {} })
    : await page.request.get(
        `/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      );
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: any } }).result.data;
}

/** Approves the queue item whose title matches, once it is ready (processing runs in the inline worker). */
async function approve(moderator: Page, match: (item: { title: string; kind: string }) => boolean) {
  let key = '';
  await expect
    .poll(
      async () => {
        const queue = await trpc(moderator, 'moderation.queue');
        const item = (queue.items as { key: string; title: string; kind: string; state: string }[]).find(
          (i) => match(i) && i.state === 'ready',
        );
        key = item?.key ?? '';
        return key;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .not.toBe('');
  expect(await trpc(moderator, 'moderation.approve', { keys: [key] }, true)).toMatchObject({ done: [key] });
}

test('an uploader sends two files at once, edits an approved video (held for moderation) and deletes another', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const stamp = Date.now() % 1_000_000;
  const first = `Lantern parade ${stamp}`;
  const second = `Quiet canal ${stamp}`;
  const renamed = `Lantern festival ${stamp}`;
  const moderatorName = `steward_${stamp}`;
  createStaff(moderatorName, 'moderator');
  const moderator = await newPage(browser);
  await signInAs(moderator, moderatorName, STAFF_PASSWORD);

  const member = await newPage(browser);
  const memberName = `keeper_${stamp}`;
  await registerAndConfirm(member, memberName);
  await signIn(member, memberName);

  // 1. Two files, each with its own title and progress.
  const files = [
    syntheticClip('lanternparade.mp4', 605, 120, 2),
    syntheticClip('quietcanal.mp4', 605, 120, 3),
  ];
  await member.goto('/add-video/');
  const form = member.getByTestId('upload-form');
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  await form.locator('input[name=file]').setInputFiles(files);
  await expect(member.getByTestId('chosen-file')).toHaveCount(2);
  await form.getByLabel('Title for lanternparade.mp4').fill(first);
  await form.getByLabel('Title for quietcanal.mp4').fill(second);
  await form.getByLabel(/everyone depicted is at least 18/).check();
  await shots(member, 'upload-several');
  await form.getByRole('button', { name: 'Upload' }).click();
  const items = member.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  await shots(member, 'upload-queue', { fullPage: false });
  // Both start at once (at most 3 are sent together): neither waits for the other.
  await expect(items.filter({ hasText: 'Waiting for a free slot' })).toHaveCount(0);
  for (const title of [first, second]) {
    const item = items.filter({ hasText: title });
    await expect(item.locator('progress')).toHaveCount(1);
    await expect(item.getByTestId('upload-done')).toBeVisible({ timeout: 60_000 });
  }

  // 2. Both approved; the uploads tab shows them with Edit and Delete.
  await approve(moderator, (i) => i.kind === 'video' && i.title === first);
  await approve(moderator, (i) => i.kind === 'video' && i.title === second);
  const visitor = await newPage(browser);
  await visitor.goto('/videos/latest-updates/1/');
  await expect(visitor.getByTestId('thumb').filter({ hasText: first })).toBeVisible();
  const videoUrl = await visitor
    .getByTestId('thumb')
    .filter({ hasText: first })
    .locator('a')
    .first()
    .getAttribute('href');

  // 3. The owner edits the approved video from their uploads tab: it goes back to the queue and the public
  // page keeps the approved title until a moderator approves.
  await visitor.goto(videoUrl!);
  await expect(visitor.locator('h1')).toHaveText(first);
  const profile = await visitor.getByTestId('video-uploader').getAttribute('href');
  // Visitors never get the owner's controls.
  await expect(visitor.getByTestId('own-video-tools')).toHaveCount(0);
  await member.goto(`${profile}uploaded_videos/1/`);
  const card = member.locator('li').filter({ has: member.getByTestId('thumb').filter({ hasText: first }) });
  await expect(card.getByTestId('own-video-tools')).toBeVisible();
  await shots(member, 'uploads-tab');
  await expect(async () => {
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(member.getByTestId('edit-video-dialog')).toBeVisible({ timeout: 2000 });
  }).toPass();
  const dialog = member.getByTestId('edit-video-dialog');
  const title = dialog.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue(first);
  // Once approved, the provenance record is the moderators' (ADR 0036): the dialog says so instead of a form.
  await expect(
    dialog.getByText('This video is approved: ask a moderator to change its provenance record'),
  ).toBeVisible();
  await expect(dialog.getByTestId('edit-provenance')).toHaveCount(0);
  // The model picker offers existing models as one types.
  const picker = dialog.getByTestId('model-picker');
  await picker.getByRole('searchbox').fill('an');
  const option = picker.locator('.model-picker__option').first();
  await expect(option).toBeVisible();
  const modelName = (await option.textContent()) ?? '';
  await option.click();
  await expect(picker.locator('.model-picker__chip')).toContainText(modelName);
  // More than 3 categories is refused with a translated message.
  const boxes = dialog.locator('.upload-form__categories input[type=checkbox]');
  for (let i = 0; i < 4; i++) await boxes.nth(i).check();
  await title.fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at most 3 categories.')).toBeVisible();
  await boxes.nth(3).uncheck();
  await dialog.getByLabel('Pick a frame of the video').check();
  await dialog.getByLabel('Frame 2', { exact: true }).check({ force: true });
  await shots(member, 'edit-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    member.getByTestId('toast').filter({ hasText: 'A moderator reviews the changes' }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText(first);
  await approve(moderator, (i) => i.kind === 'edit' && i.title === first);
  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText(renamed);
  await expect(visitor.getByText(modelName).first()).toBeVisible();

  // 4. The owner deletes the other video from its page: gone from the listing, search and its page.
  await visitor.goto('/videos/latest-updates/1/');
  const secondUrl = await visitor
    .getByTestId('thumb')
    .filter({ hasText: second })
    .locator('a')
    .first()
    .getAttribute('href');
  await member.goto(secondUrl!);
  await expect(member.locator('h1')).toHaveText(second);
  await expect(async () => {
    await member.getByTestId('video-actions').getByRole('button', { name: 'Delete' }).click();
    await expect(member.getByTestId('delete-video-dialog')).toBeVisible({ timeout: 2000 });
  }).toPass();
  const confirm = member.getByTestId('delete-video-dialog');
  await expect(confirm).toContainText(`Delete “${second}”?`);
  await shots(member, 'delete-dialog', { fullPage: false });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(member.getByTestId('toast').filter({ hasText: 'The video has been deleted.' })).toBeVisible();
  await expect(member.getByText('Video has been recently deleted')).toBeVisible();

  await visitor.goto(secondUrl!);
  await expect(visitor.getByText('Video has been recently deleted')).toBeVisible();
  await expect(visitor.locator('video')).toHaveCount(0);
  await visitor.goto('/videos/latest-updates/1/');
  await expect(visitor.getByTestId('thumb').filter({ hasText: renamed })).toBeVisible();
  await expect(visitor.getByTestId('thumb').filter({ hasText: second })).toHaveCount(0);
  await visitor.goto(`/search/1/?s=${encodeURIComponent(`quiet canal ${stamp}`)}`);
  await expect(visitor.getByTestId('thumb').filter({ hasText: second })).toHaveCount(0);
  await member.goto(`${profile}uploaded_videos/1/`);
  await expect(member.getByTestId('thumb').filter({ hasText: second })).toHaveCount(0);
});
