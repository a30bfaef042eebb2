import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expect, newPage, test } from './fixtures';
import { syntheticClip } from './helpers/media';
import { registerAndConfirm, signIn } from './helpers/members';
import { pendingVideo } from './helpers/pending-video';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

test('upload → queue with progress → keyboard approval → listed, searchable, playable → edit held for approval → report → takedown → audit', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1_000_000;
  const title = `Harbour lights ${stamp}`;
  const moderatorName = `warden_${stamp}`;
  const adminName = `chief_${stamp}`;
  createStaff(moderatorName, 'moderator');
  createStaff(adminName, 'admin');

  // The moderator keeps the queue open while a member uploads.
  const moderator = await newPage(browser);
  await signInAs(moderator, moderatorName, STAFF_PASSWORD);
  await moderator.goto('/moderation/');
  await expect(moderator.getByRole('heading', { name: /Moderation queue/ })).toBeVisible();

  const member = await newPage(browser);
  const memberName = `uploader_${stamp}`;
  await registerAndConfirm(member, memberName);
  await signIn(member, memberName);
  await member.goto('/add-video/');
  await expect(member.getByTestId('upload-form')).toHaveAttribute('data-hydrated', 'true');
  const form = member.getByTestId('upload-form');
  await form.locator('input[type=file]').setInputFiles(syntheticClip('harbourreel.mp4', 605, 80, 1));
  await form.getByLabel('Title for harbourreel.mp4').fill(title);
  await form.getByLabel(/everyone depicted is at least 18/).check();
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(member.getByTestId('upload-done')).toBeVisible({ timeout: 60_000 });

  // 2. The queue shows it while it is processed, with its progress, then ready to decide.
  const item = moderator.getByTestId('queue-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item.getByTestId('queue-progress')).toBeVisible({ timeout: 30_000 });
  await expect(item).toHaveAttribute('data-state', 'ready', { timeout: 180_000 });
  await expect(item.getByTestId('uploader-history')).toContainText('0 approved');

  // 3. Approval with the keyboard: j/k to our item, then a.
  await moderator.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 30 && (await item.getAttribute('aria-current')) !== 'true'; i++)
    await moderator.keyboard.press('j');
  await expect(item).toHaveAttribute('aria-current', 'true');
  await expect(item.getByTestId('sprite-strip')).toBeVisible();
  await moderator.keyboard.press('a');
  await expect(moderator.getByTestId('toast').filter({ hasText: 'Approved 1 item' })).toBeVisible();
  await expect(item).toHaveCount(0);

  // The uploader learns it, in their uploads list.
  await member.goto('/add-video/');
  await expect(member.getByTestId('upload-form')).toHaveAttribute('data-hydrated', 'true');
  await expect(member.getByTestId('notifications')).toContainText(`“${title}” has been approved`);

  // 4. Listed in latest updates and found by search (the index job runs in the inline worker).
  const visitor = await newPage(browser);
  await visitor.goto('/videos/latest-updates/1/');
  const thumb = visitor.getByTestId('thumb').filter({ hasText: title });
  await expect(thumb).toBeVisible();
  // Its hover preview clip plays (the one-pass pipeline wrote it).
  await expect(async () => {
    await visitor.mouse.move(0, 0);
    await thumb.hover();
    await expect(thumb.getByTestId('thumb-preview')).toHaveAttribute('src', /preview\.mp4$/, {
      timeout: 1000,
    });
  }).toPass();
  await expect
    .poll(() => thumb.getByTestId('thumb-preview').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.2);
  await expect(async () => {
    await visitor.goto(`/search/1/?s=${encodeURIComponent(`harbour lights ${stamp}`)}`);
    await expect(visitor.getByTestId('thumb').filter({ hasText: title })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // The video page plays it, with sprite previews on the seek bar.
  await visitor.getByTestId('thumb').filter({ hasText: title }).locator('a').first().click();
  await expect(visitor.locator('h1')).toHaveText(title);
  const videoUrl = visitor.url();
  const video = visitor.locator('video').first();
  await visitor.getByRole('button', { name: /play/i }).first().click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const bar = visitor.getByTestId('seek-bar');
  await expect(async () => {
    await bar.scrollIntoViewIfNeeded();
    const box = (await bar.boundingBox())!;
    await visitor.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await visitor.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect(visitor.getByTestId('seek-preview').locator('[data-sprite]')).toBeVisible({ timeout: 1000 });
  }).toPass();

  // 4b. The uploader renames the published video: visitors keep the approved title until a moderator
  // approves the edit (issue 17, point 12).
  const newTitle = `${title} at dusk`;
  const videoId = /\/videos\/(\d+)\//.exec(videoUrl)?.[1] ?? '';
  const sent = await member.request.post('/api/video_edit.php', {
    headers: { origin: new URL(member.url()).origin },
    multipart: { act: 'edit', video_id: videoId, title: newTitle, desc: 'The harbour as the lights come on' },
  });
  expect(await sent.json()).toMatchObject({ ok: true, code: 'video_edit_pending' });
  await member.goto('/add-video/');
  await expect(member.getByTestId('upload-form')).toHaveAttribute('data-hydrated', 'true');
  await expect(member.getByTestId('edit-pending')).toHaveText('Edit awaiting moderation');
  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText(title);

  const edit = moderator.getByTestId('queue-item').filter({ hasText: newTitle });
  await expect(edit).toBeVisible({ timeout: 30_000 });
  await expect(edit.getByTestId('edit-changes')).toContainText(title);
  await moderator.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 60 && (await edit.getAttribute('aria-current')) !== 'true'; i++)
    await moderator.keyboard.press(i < 30 ? 'k' : 'j');
  await expect(edit).toHaveAttribute('aria-current', 'true');
  await moderator.keyboard.press('a');
  await expect(edit).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText(newTitle);

  // 5. The visitor reports it from the video page (contact modal, ALTCHA solved in the browser).
  await visitor.getByTestId('report-video').click();
  const modal = visitor.getByTestId('contact-modal');
  await expect(modal.getByTestId('contact-target')).toContainText(title);
  await modal.getByLabel('Your email').fill('viewer@example.test');
  await modal.getByLabel('Message').fill('This reel is not what the title says.');
  await expect(modal.getByTestId('captcha-widget').getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Send message' }).click();
  await expect(modal.getByTestId('contact-sent')).toBeVisible();

  // 6. The moderator finds it in the reports queue and takes the video down.
  await moderator.goto('/moderation/reports/');
  const group = moderator.getByTestId('report-group').filter({ hasText: title });
  await expect(group).toContainText('This reel is not what the title says.');
  await group.getByTestId('take-down').click();
  const confirm = moderator.getByTestId('note-dialog');
  await confirm.getByLabel(/Note for the record/).fill('Misleading upload');
  await confirm.getByTestId('note-confirm').click();
  await expect(
    moderator.getByTestId('toast').filter({ hasText: 'The video has been taken down' }),
  ).toBeVisible();
  await expect(group).toHaveCount(0);

  // 7. The page shows the deleted panel, and the video is gone from the listing.
  await visitor.goto(videoUrl);
  await expect(visitor.getByText('Video has been recently deleted')).toBeVisible();
  await expect(visitor.locator('video')).toHaveCount(0);
  await visitor.goto('/videos/latest-updates/1/');
  await expect(visitor.getByTestId('thumb').filter({ hasText: title })).toHaveCount(0);

  // 8. The admin's audit log shows the approval.
  const admin = await newPage(browser);
  await signInAs(admin, adminName, STAFF_PASSWORD);
  await admin.goto('/moderation/audit/');
  const entries = admin.getByTestId('audit-entry');
  await expect(
    entries.filter({ hasText: moderatorName }).filter({ hasText: 'Approved a video' }),
  ).toBeVisible();
  await expect(entries.filter({ hasText: 'Created an account' }).first()).toBeVisible();
  // Filter by the moderator.
  await admin.getByTestId('audit-filters').getByLabel('Moderator').selectOption({ label: moderatorName });
  await admin.getByTestId('audit-filters').getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/actor=\d+/);
  // Only this moderator's three actions are left once the filtered list has loaded.
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: moderatorName })).toHaveCount(3);
  await expect(entries.filter({ hasText: 'Approved an uploader’s edit' })).toHaveCount(1);
});

test('members and visitors get a 404 from every moderation page', async ({ browser, page }) => {
  for (const path of [
    '/moderation/',
    '/moderation/reports/',
    '/moderation/takedowns/',
    '/moderation/team/',
    '/moderation/audit/',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  const member = await newPage(browser);
  const name = `curious_${Date.now() % 1_000_000}`;
  await registerAndConfirm(member, name);
  await signIn(member, name);
  for (const path of ['/moderation/', '/moderation/audit/']) {
    expect((await member.goto(path))?.status(), path).toBe(404);
    await expect(member.getByText('Oops! Content not found!')).toBeVisible();
  }
  await expect(member.getByTestId('account-menu')).not.toContainText('Moderation');
  // The member menu is written in place in the server's HTML, not streamed after the page (entry.server.tsx).
  const html = await (await member.request.get('/moderation/')).text();
  expect(html.match(/data-testid="account-menu"/g)).toHaveLength(1);
  expect(html).not.toContain('<div hidden id="S:');
});

/** A new moderator, signed in on a page of their own (sized by `options`). */
async function signedInModerator(browser: Browser, options?: BrowserContextOptions) {
  const moderatorName = `warden_q${Date.now() % 1_000_000}`;
  createStaff(moderatorName, 'moderator');
  const mod = await newPage(browser, options);
  await signInAs(mod, moderatorName, STAFF_PASSWORD);
  return mod;
}

/** A new moderator and a pending upload titled `name` and a stamp. */
async function moderatorAndPendingVideo(browser: Browser, name: string, options?: BrowserContextOptions) {
  const title = `${name} ${Date.now() % 1_000_000}`;
  await pendingVideo(1, title);
  return { mod: await signedInModerator(browser, options), title };
}

// The queue polls every few seconds. A poll sent before an approval and answered after it carried the approved
// item, and put it back on screen until the next poll (routes/moderation-queue.tsx counts decisions).
test('a queue poll answered after an approval does not bring the approved item back', async ({ browser }) => {
  const { mod, title } = await moderatorAndPendingVideo(browser, 'Late poll');
  await mod.goto('/moderation/');
  const item = mod.getByTestId('queue-item').filter({ hasText: title });
  await expect(item).toHaveCount(1);

  // Every poll's answer is fetched at once (the item still pending) and handed to the page only when let go.
  const held: { fetched: Promise<void>; release: () => void }[] = [];
  await mod.route(/\/trpc\/moderation\.queue/, async (route) => {
    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    const fetched = route.fetch();
    held.push({ fetched: fetched.then(() => undefined), release });
    const response = await fetched;
    await released;
    await route.fulfill({ response });
  });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await held[0]!.fetched;

  await item.getByRole('button', { name: /Approve/ }).click();
  await expect(mod.getByTestId('toast').filter({ hasText: 'Approved 1 item' })).toBeVisible();
  await expect(item).toHaveCount(0);

  // The late answer is handed over; the page renders it and, a poll interval later, asks again (held too).
  held[0]!.release();
  await expect.poll(() => held.length).toBeGreaterThan(1);
  expect(await item.count()).toBe(0);
  for (const h of held) h.release();
  await mod.unrouteAll({ behavior: 'ignoreErrors' });
});

// A queue item's provenance line used to arrive after the item rendered, go in above the buttons and move them
// under the moderator's pointer (a click on Approve then landed on nothing). The first items' lines now come
// with the page; at a phone's width the loaded line also wraps, which no placeholder of fixed text can match.
test("a queue item's provenance line comes with the page, so its buttons stay put at a phone's width", async ({
  browser,
}) => {
  const { mod, title } = await moderatorAndPendingVideo(browser, 'Steady line', {
    viewport: { width: 390, height: 844 },
  });
  let asked = 0;
  await mod.route(/\/trpc\/[^?]*provenance\.staffMany/, (route) => {
    asked++;
    return route.continue();
  });
  await mod.goto('/moderation/');
  const item = mod.getByTestId('queue-item').filter({ hasText: title });
  const approve = item.getByRole('button', { name: /Approve/ });
  await expect(item.getByTestId('queue-provenance')).toBeVisible();
  const before = await approve.boundingBox();

  // By the time the first poll is answered, nothing has been fetched for the line and nothing has moved.
  await mod.waitForResponse(/\/trpc\/moderation\.queue/);
  await expect(item.getByTestId('queue-provenance')).toBeVisible();
  expect((await approve.boundingBox())?.y).toBe(before?.y);
  expect(asked).toBe(0);
  await mod.unrouteAll({ behavior: 'ignoreErrors' });
  await approveAndWait(mod, approve);
});

// An item a poll brings in fetches its line; the line's place is held meanwhile.
test('a queue item that arrives while the queue is open keeps its buttons where they are when its provenance line loads', async ({
  browser,
}) => {
  const mod = await signedInModerator(browser);
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  let asked = false;
  await mod.route(/\/trpc\/[^?]*provenance\.staffMany/, async (route) => {
    asked = true;
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  await mod.goto('/moderation/');
  const title = `Late line ${Date.now() % 1_000_000}`;
  await pendingVideo(1, title);
  const item = mod.getByTestId('queue-item').filter({ hasText: title });
  const approve = item.getByRole('button', { name: /Approve/ });
  await expect(approve).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  await expect(item.getByTestId('queue-provenance')).toHaveCount(0);
  const before = await approve.boundingBox();

  release();
  await expect(item.getByTestId('queue-provenance')).toBeVisible();
  expect((await approve.boundingBox())?.y).toBe(before?.y);
  await mod.unrouteAll({ behavior: 'ignoreErrors' });
  await approveAndWait(mod, approve);
});

/** Clears a test's item: other queue tests reuse the same media, and a pending twin shows inside their items. */
async function approveAndWait(mod: Page, approve: Locator) {
  await approve.click();
  await expect(mod.getByTestId('toast').filter({ hasText: 'Approved 1 item' })).toBeVisible();
}
