import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, newPage, test } from './fixtures';
import { newMember, PASSWORD } from './helpers/members';

const NEW_PASSWORD = 'silver-screen-1931';

/** The newest mail to this address in the dev outbox, and the link in it. */
async function linkIn(page: Page, to: string): Promise<string> {
  const mail = (await (await page.request.get('/dev/mail.json')).json()) as { to: string; text: string }[];
  const url = new URL(/https?:\/\/\S+/.exec(mail.find((m) => m.to === to)!.text)![0]);
  return url.pathname + url.search;
}

async function openSettings(page: Page) {
  await page.goto('/member_edit/');
  await expect(page.getByTestId('account-settings')).toHaveAttribute('data-hydrated', 'true');
}

async function signInWith(page: Page, name: string, password: string) {
  await page.goto('/login/');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('a member changes password and email, exports the data and deletes the account', async ({
  browser,
  baseURL,
}) => {
  const name = `acct${Date.now() % 1_000_000}`;
  const page = await newMember(browser, name);
  const other = await newPage(browser);

  // A comment of A's, to find in the export.
  const listing = await (
    await page.request.get('/api/json/videos2/0/straight/latest-updates/10/all..1.all.0.all.json')
  ).json();
  const videoId = listing.videos[0].video_id as number;
  const comment = `Export me please ${name}`;
  const posted = await page.request.post('/api/stats.php', {
    headers: { origin: baseURL! },
    form: { act: 'comm', section: 'video', object_id: String(videoId), msg: comment },
  });
  expect((await posted.json()).comment_id).toBeGreaterThan(0);

  // Password: the current one is required; a second browser is signed out by the change.
  await signInWith(other, name, PASSWORD);
  await expect(other.getByTestId('account-menu')).toContainText(name);
  await openSettings(page);
  const password = page.getByTestId('account-password');
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is wrong')).toBeVisible();
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices were signed out.')).toBeVisible();
  await other.reload();
  await expect(other.getByTestId('account-menu')).toHaveCount(0);
  await signInWith(other, name, NEW_PASSWORD);
  await expect(other.getByTestId('account-menu')).toContainText(name);

  // Sessions: two listed, this one marked; "sign out everywhere else" ends the other.
  await openSettings(page);
  const sessions = page.getByTestId('account-sessions');
  await expect(sessions.getByTestId('account-session')).toHaveCount(2);
  await expect(sessions.getByText('This browser')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByTestId('account-session')).toHaveCount(1);

  // Email: nothing changes until the mailed link is followed.
  const newEmail = `${name}-new@example.test`;
  const email = page.getByTestId('account-email');
  await expect(email).toContainText(`${name}@example.test`);
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill(NEW_PASSWORD);
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('A confirmation link is on its way')).toBeVisible();
  await openSettings(page);
  await expect(page.getByTestId('account-email')).toContainText(`${name}@example.test`);
  await page.goto(await linkIn(page, newEmail));
  await expect(page.getByTestId('confirm-done')).toHaveText('Your new email address is confirmed.');
  await openSettings(page);
  await expect(page.getByTestId('account-email')).toContainText(newEmail);

  // Export: a JSON download holding A's comment.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^account-\d+\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(exported.profile).toMatchObject({ name, email: newEmail });
  expect(exported.comments.map((c: { comment: string }) => c.comment)).toContain(comment);
  const memberId = exported.profile.id as number;

  // Delete: password and a confirmation; afterwards no sign-in and no profile.
  const remove = page.getByTestId('account-delete');
  await remove.getByLabel('Delete them').check();
  await remove.getByLabel('Password').fill(NEW_PASSWORD);
  page.once('dialog', (dialog) => dialog.accept());
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await signInWith(page, name, NEW_PASSWORD);
  await expect(page.getByTestId('login-form').getByRole('alert')).toHaveText('Invalid name or password');
  const profile = await page.goto(`/members/${memberId}/`);
  expect(profile?.status()).toBe(404);
});

test('a member manages own playlists from the tab; a private one is marked and hidden from others', async ({
  browser,
  baseURL,
}) => {
  const name = `lists${Date.now() % 1_000_000}`;
  const page = await newMember(browser, name);
  const stranger = await newPage(browser);
  const memberId = (await (await page.request.get('/api/account/export.json')).json()).profile.id as number;

  // New playlist from the tab.
  await page.goto(`/members/${memberId}/playlists/1/`);
  await expect(page.locator('.own-playlists__toolbar')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'New playlist' }).click();
  const form = page.getByTestId('playlist-form');
  await form.getByLabel('Title').fill('Seaside evenings');
  await form.getByLabel('Description').fill('Films of the coast');
  await form.getByRole('button', { name: 'Create' }).click();
  const card = page.getByTestId('own-playlist').filter({ hasText: 'Seaside evenings' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('private-marker')).toHaveCount(0);

  // Edit: new title and private.
  await card.getByRole('button', { name: 'Edit playlist' }).click();
  await form.getByLabel('Title').fill('Seaside nights');
  await form.getByLabel('Visible to everyone').uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  const edited = page.getByTestId('own-playlist').filter({ hasText: 'Seaside nights' });
  await expect(edited.getByTestId('private-marker')).toHaveText('Private');
  const href = (await edited.getByRole('link').first().getAttribute('href'))!;
  const playlistId = Number(/\/playlist\/(\d+)\//.exec(href)![1]);
  const strangerList = await stranger.goto(`/members/${memberId}/playlists/1/`);
  expect(strangerList?.status()).toBe(200);
  await expect(stranger.getByText('Seaside nights')).toHaveCount(0);
  expect((await stranger.goto(`/playlist/${playlistId}/1/`))?.status()).toBe(403);

  // Three videos, then reorder on the playlist page.
  const listing = await (
    await page.request.get('/api/json/videos2/0/straight/latest-updates/10/all..1.all.0.all.json')
  ).json();
  const titles: string[] = [];
  for (const v of listing.videos.slice(0, 3)) {
    const r = await page.request.post('/api/input.php', {
      headers: { origin: baseURL! },
      form: { act: 'playlist_add', playlist_id: String(playlistId), video_id: String(v.video_id) },
    });
    expect((await r.json()).ok).toBe(true);
    titles.push(v.title);
  }
  await page.goto(`/playlist/${playlistId}/1/`);
  await expect(page.getByTestId('private-marker')).toBeVisible();
  const order = () => page.getByTestId('thumb').locator('.thumb__title').allTextContents();
  await expect.poll(order).toEqual(titles);
  await expect(async () => {
    await page.getByRole('button', { name: `Move “${titles[2]}” up` }).click();
    await expect.poll(order, { timeout: 2000 }).toEqual([titles[0], titles[2], titles[1]]);
  }).toPass();

  // Delete from the tab, with confirmation.
  await page.goto(`/members/${memberId}/playlists/1/`);
  await expect(page.locator('.own-playlists__toolbar')).toHaveAttribute('data-hydrated', 'true');
  page.once('dialog', (dialog) => dialog.accept());
  await page
    .getByTestId('own-playlist')
    .filter({ hasText: 'Seaside nights' })
    .getByRole('button', { name: 'Delete playlist' })
    .click();
  await expect(page.getByText('Seaside nights')).toHaveCount(0);
});

test('a member edits an album: photos added, removed, reordered, the cover and the title; then deletes it', async ({
  browser,
  baseURL,
}) => {
  const name = `album${Date.now() % 1_000_000}`;
  const page = await newMember(browser, name);
  const made = await page.request.post('/api/album_edit.php', {
    headers: { origin: baseURL! },
    multipart: { act: 'create', title: 'Pier at dawn', adult: '1' },
  });
  const albumId = (await made.json()).album_id as number;
  const photo = (n: number) => ({
    name: `pier-${n}.png`,
    mimeType: 'image/png',
    // A flat 400×400 PNG, made by the browser's canvas below.
    buffer: Buffer.alloc(0),
  });
  const png = async (colour: string) =>
    Buffer.from(
      await page.evaluate(async (c) => {
        const canvas = new OffscreenCanvas(400, 400);
        const g = canvas.getContext('2d')!;
        g.fillStyle = c;
        g.fillRect(0, 0, 400, 400);
        return [...new Uint8Array(await (await canvas.convertToBlob()).arrayBuffer())];
      }, colour),
    );

  await page.goto(`/album_edit/${albumId}/`);
  await expect(page.getByTestId('album-editor')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('album-status')).toHaveText('Waiting for moderation');
  const files = [];
  for (const [i, colour] of ['#883322', '#223388', '#228833'].entries())
    files.push({ ...photo(i), buffer: await png(colour) });
  await page.getByTestId('album-add-photos').setInputFiles(files);
  const photos = page.getByTestId('album-edit-photo');
  await expect(photos).toHaveCount(3);
  await expect(photos.nth(0).getByText('Cover')).toBeVisible();

  const srcs = () => photos.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  const before = await srcs();
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await expect.poll(srcs).toEqual([before[0], before[2], before[1]]);
  await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await expect(photos.nth(1).locator('.private-marker')).toHaveText('Cover');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Remove photo 3' }).click();
  await expect(photos).toHaveCount(2);

  const text = page.getByTestId('album-text-form');
  await text.getByLabel('Title').fill('Pier at dawn, 1958');
  await text.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Album saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('album-text-form').getByLabel('Title')).toHaveValue('Pier at dawn, 1958');

  await expect(page.getByTestId('album-editor')).toHaveAttribute('data-hydrated', 'true');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Delete album' }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/albums\/1\/$/);
  expect((await page.goto(`/album_edit/${albumId}/`))?.status()).toBe(404);
});
