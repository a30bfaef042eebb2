import { expect, test } from './fixtures';

test('the category index lists categories with their video counts', async ({ page }) => {
  const response = await page.goto('/categories/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('Categories');
  const items = page.getByTestId('category-index').getByRole('link');
  expect(await items.count()).toBeGreaterThan(10);
  await expect(items.first()).toContainText(/\d+ videos?/);
  const title = (await items.first().locator('.category-index__title').textContent())!;
  await items.first().click();
  await expect(page).toHaveURL(/\/categories\/[a-z0-9-]+\/latest-updates\/1\/$/);
  await expect(page.getByTestId('category-chip')).toHaveCount(1);
  await expect(page.getByTestId('category-chip')).toContainText(title);
  await expect(page.locator('h1')).toContainText(title);
  await expect(page.getByTestId('thumb').first()).toBeVisible();
});

test('categories combine with a plus button and come off with their chips', async ({ page, request }) => {
  const redirected = await request.get('/categories/retro/', { maxRedirects: 0 });
  expect(redirected.status()).toBe(301);
  expect(redirected.headers().location).toBe('/categories/retro/latest-updates/1/');
  const withSort = await request.get('/categories/retro/2/?sort=top-rated', { maxRedirects: 0 });
  expect(withSort.headers().location).toBe('/categories/retro/top-rated/2/');
  expect((await request.get('/categories/no-such-dir/latest-updates/1/')).status()).toBe(404);
  // At most 3 are shown: a fourth is dropped by a 301 to the canonical URL of the first 3.
  const four = await request.get('/categories/retro,amateur,vintage,classic/top-rated/1/?date=week', {
    maxRedirects: 0,
  });
  expect(four.status()).toBe(301);
  expect(four.headers().location).toBe('/categories/retro,amateur,vintage/top-rated/1/?date=week');
  expect((await request.get('/categories/a,b,c,d/latest-updates/1/')).status()).toBe(404);

  await page.goto('/categories/retro/latest-updates/1/');
  const one = await page.getByTestId('thumb').count();
  await page.getByTestId('category-add').click();
  await page.locator('.category-add__list a').first().click();
  await expect(page).toHaveURL(/\/categories\/retro,[a-z0-9-]+\/latest-updates\/1\/$/);
  await expect(page.getByTestId('category-chip')).toHaveCount(2);
  // Videos in both categories: never more than in one of them.
  expect(await page.getByTestId('thumb').count()).toBeLessThanOrEqual(one);

  // Three chosen: no plus button.
  await page.getByTestId('category-add').click();
  await page.locator('.category-add__list a').first().click();
  await expect(page.getByTestId('category-chip')).toHaveCount(3);
  await expect(page.getByTestId('category-add')).toHaveCount(0);

  // Removing chips narrows back down, and the last one leads to the plain listing.
  await page.getByTestId('category-chip').nth(2).click();
  await expect(page.getByTestId('category-chip')).toHaveCount(2);
  await page.getByTestId('category-chip').nth(1).click();
  // Wait for that navigation: a click on the old first chip would undo it.
  await expect(page.getByTestId('category-chip')).toHaveCount(1);
  await page.getByTestId('category-chip').first().click();
  await expect(page).toHaveURL(/\/videos\/latest-updates\/1\/$/);
});

test('the history page shows a watched video, and its empty text before', async ({ page, request }) => {
  const r = await request.get('/history/', { maxRedirects: 0 });
  expect(r.headers().location).toBe('/history/1/');
  await page.goto('/history/1/');
  await expect(page.getByText('Your viewing history is empty.')).toBeVisible();
  await page.goto('/videos/1/');
  const title = (await page.locator('h1').textContent())!;
  // The visitor's watch history is kept in localStorage (WATCH_HISTORY_KEY).
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('watch_history'))).not.toBeNull();
  await page.goto('/history/1/');
  await expect(page.getByTestId('thumb').first()).toContainText(title);
});

test('sidebar checkboxes narrow a listing to up to three categories', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const sidebar = page.getByTestId('category-sidebar');
  const boxes = sidebar.getByRole('checkbox');
  expect(await boxes.count()).toBeGreaterThan(3);
  const first = (await boxes.nth(0).textContent())!;
  await boxes.nth(0).click();
  await expect(page).toHaveURL(/\/categories\/[a-z0-9-]+\/latest-updates\/1\/$/);
  await expect(page.getByTestId('category-chip')).toContainText(first);
  await expect(sidebar.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await sidebar.getByRole('checkbox', { checked: false }).first().click();
  await expect(sidebar.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await sidebar.getByRole('checkbox', { checked: false }).first().click();
  await expect(sidebar.getByRole('checkbox', { checked: true })).toHaveCount(3);
  // With three chosen the others are disabled.
  await expect(sidebar.locator('[aria-disabled="true"]').first()).toBeVisible();
  await expect(page.getByText('You can choose up to 3 categories.')).toBeVisible();
  // Unchecking takes a category away again.
  await sidebar.getByRole('checkbox', { checked: true }).first().click();
  await expect(page.getByTestId('category-chip')).toHaveCount(2);
});
