import { expect, test } from './fixtures';

test('a community card opens the member page; its tabs show profile, lists and friends', async ({ page }) => {
  await page.goto('/community/alphabet/1/');
  const first = page.getByTestId('member-card').first();
  const name = (await first.locator('.member-card__name').textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+\/$/);
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByTestId('member-stats')).toContainText('Subscribers');

  const tabs = page.getByRole('navigation', { name: 'Member sections' });
  await tabs.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/info\/$/);
  await expect(page.getByTestId('member-info')).toContainText('Member since');

  // History and watch later start private: a visitor sees the notice, with a 403.
  await expect(
    tabs.getByRole('link', { name: /History/ }).getByRole('img', { name: 'Private' }),
  ).toBeVisible();
  const id = /\/members\/(\d+)\//.exec(page.url())![1];
  const res = await page.goto(`/members/${id}/history/1/`);
  expect(res!.status()).toBe(403);
  await expect(page.getByText('You do not have permission to view.')).toBeVisible();
});

test('member 1: favourites, friends and subscriptions are public; member 7 keeps them private', async ({
  page,
  request,
}) => {
  const r = await request.get('/members/1/friends/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/members/1/friends/1/');

  await page.goto('/members/1/favourite_videos/1/');
  await expect(page.locator('h2')).toContainText('Favourite videos of');
  await expect(page.getByTestId('thumb').first()).toBeVisible();

  await page.goto('/members/1/friends/1/');
  const friend = page.getByTestId('member-card').first();
  await expect(friend).toBeVisible();
  const friendName = (await friend.locator('.member-card__name').textContent())!;
  await friend.click();
  await expect(page.locator('h1')).toHaveText(friendName);

  await page.goto('/members/1/subscriptions/');
  await expect(page.getByTestId('member-subscriptions').getByRole('listitem').first()).toBeVisible();

  for (const path of ['favourite_videos/1/', 'friends/1/', 'subscriptions/', 'wall/1/']) {
    const res = await page.goto(`/members/7/${path}`);
    expect(res!.status(), path).toBe(403);
    await expect(page.getByText('You do not have permission to view.')).toBeVisible();
  }
  // Uploads stay public.
  expect((await page.goto('/members/7/uploaded_videos/1/'))!.status()).toBe(200);
  expect((await request.get('/members/999999/')).status()).toBe(404);
});
