import type { Page } from '@playwright/test';
import { expect, newPage, test } from './fixtures';
import { seriousViolations } from './helpers/axe';
import { newMember, openAccountMenu } from './helpers/members';
import { pendingVideo } from './helpers/pending-video';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

/** The signed-in member's id, from their menu's profile link. */
async function memberId(page: Page): Promise<number> {
  await openAccountMenu(page);
  const href = await page.getByRole('link', { name: 'My profile' }).getAttribute('href');
  await page.keyboard.press('Escape');
  return Number(/\/members\/(\d+)\//.exec(href ?? '')![1]);
}

/** Reloads until the bell shows `count` (a job or another member may still be on its way). */
async function expectBell(page: Page, count: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('bell-count')).toHaveText(count, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

async function notificationsOf(page: Page) {
  await page.getByTestId('bell').click();
  await expect(page).toHaveURL(/\/notifications\/$/);
  return page.getByTestId('notification-list');
}

test('friend request accepted in place, a comment and an approval reach the members they concern', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  const annName = `ann_${stamp}`;
  const benName = `ben_${stamp}`;
  const modName = `warden_n${stamp}`;
  createStaff(modName, 'moderator');
  const ann = await newMember(browser, annName);
  const ben = await newMember(browser, benName);
  const annId = await memberId(ann);
  const benId = await memberId(ben);

  // 1. Ann asks Ben to be friends; Ben sees the bell count and accepts in place; Ann is told.
  await ann.goto(`/members/${benId}/`);
  await ann.getByRole('button', { name: 'Add friend' }).click();
  await expect(ann.getByTestId('toast').filter({ hasText: 'Friend request sent' })).toBeVisible();
  await expectBell(ben, '1');
  const benList = await notificationsOf(ben);
  const request = benList
    .getByTestId('notification')
    .filter({ hasText: `${annName} sent you a friend request.` });
  await expect(request).toBeVisible();
  await request.getByRole('button', { name: 'Accept friend request' }).click();
  await expect(request).toContainText('Accepted');
  await expect(ben.getByTestId('bell-count')).toHaveCount(0);
  await expectBell(ann, '1');
  await expect(await notificationsOf(ann)).toContainText(`${benName} accepted your friend request.`);
  await ann.goto(`/members/${annId}/friends/1/`);
  await expect(ann.getByTestId('member-card')).toContainText(benName);

  // 2. Ben subscribes to Ann; Ann's upload is approved; Ben hears of the new video (from a job).
  await ben.goto(`/members/${annId}/`);
  await ben.getByTestId('subscribe-button').click();
  await expect(ben.getByTestId('subscribe-button')).toHaveText('Subscribed');
  await ann.goto('/notifications/');
  await expect(ann.getByTestId('notification-list')).toContainText(`${benName} subscribed to your uploads.`);
  const title = `Lighthouse keeper ${stamp}`;
  const video = await pendingVideo(annId, title);
  const mod = await newPage(browser);
  await signInAs(mod, modName, STAFF_PASSWORD);
  await mod.goto('/moderation/');
  // By key, not title: an item lists other pending uploads of the same media, titles included.
  const item = mod.locator(`[data-testid="queue-item"][data-key="video:${video.id}"]`);
  await expect(item).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  // The item's provenance line is fetched after it renders and goes in above the buttons: a click aimed
  // at Approve just before it arrived landed on the moved page and sent nothing (a CI run here).
  await expect(item.getByTestId('queue-provenance')).toBeVisible();
  // The mutation's answer is awaited and shown, so a failure here says whether the click sent nothing,
  // the server refused, or the page did not show the answer.
  const answered = mod.waitForResponse((r) => r.url().includes('/trpc/moderation.approve'), {
    timeout: 15_000,
  });
  await item.getByRole('button', { name: /Approve/ }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(mod.getByTestId('toast').filter({ hasText: 'Approved 1 item' })).toBeVisible();
  await expectBell(ben, '1');
  const newVideo = (await notificationsOf(ben)).getByRole('link', {
    name: `New video from ${annName}: “${title}”.`,
  });
  await expect(newVideo).toBeVisible();
  await newVideo.click();
  await expect(ben).toHaveURL(new RegExp(`/videos/${video.id}/${video.dir}/`));

  // 3. Ben comments on Ann's video; Ann is told, with a link to it.
  await ben.getByRole('textbox', { name: 'Add a comment…' }).fill('What a lovely old reel, thank you!');
  await ben.getByRole('button', { name: 'Post comment' }).click();
  await expect(ben.getByTestId('toast').filter({ hasText: /comment/i })).toBeVisible();
  await ann.goto('/notifications/');
  const comment = ann.getByRole('link', { name: `${benName} commented on your video “${title}”.` });
  await expect(comment).toBeVisible();
  await expect(ann.getByTestId('notification').filter({ hasText: 'approved' })).toBeVisible();
  // Hydrated, so axe reads the page the member uses. Waiting for the network to go quiet instead hung twice
  // (a CI run and a local one) until the test's 180 s ran out, while the same test takes 40 s.
  await expect(ann.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await seriousViolations(ann), '/notifications/').toEqual([]);
  await ann.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(ann.getByTestId('bell-count')).toHaveCount(0);
  await expect(comment).toHaveAttribute('href', `/videos/${video.id}/${video.dir}/#comments`);

  // 4. Ben writes to Ann: on /messages/ the unread badge sits inside its conversation row.
  const sent = await ben.request.post('/api/messages.php', {
    form: { act: 'send', to: String(annId), msg: 'Hello from the lighthouse' },
    headers: { origin: new URL(ben.url()).origin },
  });
  expect(sent.ok()).toBe(true);
  await ann.goto('/messages/');
  const row = ann.getByTestId('conversations').getByRole('link').filter({ hasText: benName });
  const badge = row.getByTestId('conversation-unread');
  await expect(badge).toHaveText('1');
  const [rowBox, badgeBox] = [await row.boundingBox(), await badge.boundingBox()];
  expect(badgeBox!.y).toBeGreaterThanOrEqual(rowBox!.y);
  expect(badgeBox!.y + badgeBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
  expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);

  // 5. "Remove friend" is a secondary button that asks first: cancelling keeps the friendship.
  await ann.goto(`/members/${benId}/`);
  const remove = ann.getByRole('button', { name: 'Remove friend' });
  await expect(remove).toHaveClass(/button--secondary/);
  ann.once('dialog', (dialog) => dialog.dismiss());
  await remove.click();
  await expect(remove).toBeVisible();
  ann.once('dialog', (dialog) => dialog.accept());
  await remove.click();
  await expect(ann.getByTestId('toast').filter({ hasText: 'Removed from your friends' })).toBeVisible();
  await expect(ann.getByRole('button', { name: 'Add friend' })).toBeVisible();
});

test('the opened account menu lies inside the viewport at 320, 390 and 768 px', async ({ browser }) => {
  const page = await newMember(browser, `menu_${Date.now() % 1_000_000}`);
  for (const width of [320, 390, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await openAccountMenu(page);
    const list = page.getByRole('list', { name: 'Account' });
    await expect(list.getByRole('link', { name: 'Notifications' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'My playlists' })).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x, `menu left edge at ${width}px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `menu right edge at ${width}px`).toBeLessThanOrEqual(width);
    await expect(page.getByTestId('bell')).toBeInViewport();
    await page.keyboard.press('Escape');
  }
  // The burger menu leads to the notifications too.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByTestId('nav-notifications')).toBeVisible();
});

test('visitors asking for /notifications/ get the login flow of member pages', async ({ page }) => {
  await page.goto('/notifications/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('bell')).toHaveCount(0);
});
