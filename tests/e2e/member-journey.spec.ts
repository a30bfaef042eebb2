import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { newMember, openAccountMenu, registerAndConfirm, signIn } from './helpers/members';

const stamp = Date.now() % 1_000_000;
test('a member registers, confirms, uses every member action, befriends and messages, edits the profile and signs out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = `ann_${stamp}`;
  const ben = `ben_${stamp}`;

  // 1–3: register, confirm through the outbox, log in (a short name is refused before any request).
  await registerAndConfirm(page, ann);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Password').fill('whatever');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByText('Invalid name or password')).toBeVisible();
  await signIn(page, ann);

  // 4: member actions on a video page.
  const { videos } = await (
    await request.get('/api/json/videos2/0/straight/latest-updates/5/all..1.all.0.all.json')
  ).json();
  const video = videos.find((v: { video_id: number }) => v.video_id > 0);
  await page.goto(`/videos/${video.video_id}/${video.dir}/`);
  const actions = page.getByTestId('video-actions');
  await actions.getByRole('button', { name: 'Favourite' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Added to your favourites' })).toBeVisible();
  await actions.getByRole('button', { name: 'Watch later' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Added to watch later' })).toBeVisible();
  await actions.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Thanks for your vote' })).toBeVisible();
  await actions.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'You have already voted' })).toBeVisible();

  await actions.getByRole('button', { name: 'Add to playlist' }).click();
  const modal = page.getByTestId('add-to-modal');
  await modal.getByLabel('Title').fill('Rainy evenings');
  await modal.getByLabel('Description').fill('Slow films for rain');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByRole('button', { name: 'Added' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'appears within a minute' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();

  const comment = page.getByTestId('comment-form');
  await comment.getByRole('textbox').fill('abcd');
  await comment.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByTestId('comment-error')).toHaveText('Must be at least 5 characters long');
  await comment.getByRole('textbox').fill('<img src=x onerror="window.__pwned=1">A lovely restoration');
  await comment.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByTestId('comment').first()).toContainText(
    '<img src=x onerror="window.__pwned=1">A lovely restoration',
  );
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Subscribe to a model.
  await page.goto(
    '/model/' +
      (await (await request.get('/api/json/models/0/straight/filt........./most-popular/1/1.json')).json())
        .models[0].dir +
      '/',
  );
  await page.getByTestId('subscribe-button').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'subscribed to the pornstar' })).toBeVisible();
  await expect(page.getByTestId('subscribe-button')).toHaveText('Subscribed');

  // My lists show what was added, with remove buttons.
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Favourites' }).click();
  await expect(page.getByTestId('thumb')).toHaveCount(1);
  await page.getByTestId('thumb-remove').click();
  await expect(page.getByText('Videos not found')).toBeVisible();

  // 5: Ben accepts Ann's friend request; they exchange messages.
  const benPage = await newMember(browser, ben);
  await openAccountMenu(benPage);
  const benHref = await benPage.getByRole('link', { name: 'My profile' }).getAttribute('href');
  const benId = /\/members\/(\d+)\//.exec(benHref!)![1];
  await page.goto(`/members/${benId}/`);
  await page.getByRole('button', { name: 'Add friend' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Friend request sent' })).toBeVisible();
  await page.getByRole('link', { name: 'Send message' }).click();
  await page.getByTestId('message-form').getByRole('textbox').fill('Hello Ben, loved your uploads!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('message')).toHaveText(/Hello Ben/);

  await benPage.reload();
  await expect(benPage.getByTestId('unread-badge')).toHaveText('1');
  await benPage.goto('/messages/');
  await benPage.getByTestId('conversations').getByRole('link').first().click();
  await expect(benPage.getByTestId('message')).toContainText('Hello Ben');
  const annProfile = await benPage.getByRole('heading', { level: 1 }).getByRole('link').getAttribute('href');
  await benPage.getByTestId('message-form').getByRole('textbox').fill('Thanks Ann!');
  await benPage.getByRole('button', { name: 'Send' }).click();
  await expect(benPage.getByTestId('message')).toHaveCount(2);
  await benPage.goto(annProfile!);
  await benPage.getByRole('button', { name: 'Accept friend request' }).click();
  await expect(benPage.getByTestId('toast').filter({ hasText: 'You are now friends' })).toBeVisible();
  await page.goto(`/members/${benId}/friends/1/`);
  await expect(page.getByTestId('member-card')).toContainText(ann);
  await page.goto('/messages/');
  await expect(page.getByTestId('conversations')).toContainText('Thanks Ann!');

  // 6: edit the profile with an avatar.
  const dir = mkdtempSync(join(tmpdir(), 'vt-avatar-'));
  const avatar = join(dir, 'avatar.png');
  writeFileSync(
    avatar,
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer(),
  );
  await page.goto('/member_edit/');
  await page.getByTestId('avatar-upload').locator('input[type=file]').setInputFiles(avatar);
  await expect(page.getByTestId('avatar-upload').locator('img')).toHaveAttribute(
    'src',
    /\/thumbs\/members\//,
  );
  const profile = page.getByTestId('profile-form');
  await profile.getByLabel('City').fill('Lyon');
  await profile.getByLabel('About me').fill('I restore old reels.');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Your profile has been changed' }).last(),
  ).toBeVisible();
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page.locator('.member-header img')).toHaveAttribute('src', /\/thumbs\/members\//);
  await page
    .getByRole('navigation', { name: 'Member sections' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByTestId('member-info')).toContainText('Lyon');

  // 7: sign out.
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.goto('/member_edit/'))!.url()).toMatch(/\/$/);
});
