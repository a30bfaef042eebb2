import { expect, test } from '@playwright/test';

const titles = (page: import('@playwright/test').Page) =>
  page.getByTestId('thumb').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

test('changing the sort on a listing changes the order', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  await expect(page.getByTestId('thumb')).toHaveCount(60);
  const latest = await titles(page);
  await page.locator('a[href^="/videos/longest/1/"]').first().click();
  await expect(page).toHaveURL(/\/videos\/longest\/1\/$/);
  await expect(page.getByTestId('thumb')).toHaveCount(60);
  const longest = await titles(page);
  expect(longest).not.toEqual(latest);
});

test('server-side redirects and the 404 page', async ({ page, request }) => {
  const r = await request.get('/videos/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/videos/latest-updates/1/');
  const top = await request.get('/top-rated/3/', { maxRedirects: 0 });
  expect(top.headers().location).toBe('/videos/top-rated/3/');
  const slash = await request.get('/videos/longest/2', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  const unknown = await request.get('/videos/newest/1/', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe('/404/');
  const missing = await page.goto('/no/such/page/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Oops! Content not found!')).toBeVisible();
});
