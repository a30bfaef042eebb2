import { expect, newPage, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

test('the search box keeps the query on the results page, from a search and from a shared link', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  // Hydrated (the page's scripts have loaded and run): Enter then navigates on the client.
  await page.waitForLoadState('networkidle');
  const input = page.getByTestId('search-box').getByRole('combobox');
  await input.fill('summer');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\/1\/\?s=summer$/);
  await expect(input).toHaveValue('summer');

  // Another page empties it again.
  await page.goto('/videos/latest-updates/1/');
  await expect(page.getByTestId('search-box').getByRole('combobox')).toHaveValue('');

  // The server-rendered (cached, script-less) results page has the query in the box too.
  const noJs = await newPage(browser, { javaScriptEnabled: false });
  await noJs.goto('/search/2/?s=vienna%20nights');
  await expect(noJs.getByTestId('search-box').getByRole('combobox')).toHaveValue('vienna nights');
});
