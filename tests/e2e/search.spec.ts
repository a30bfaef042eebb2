import { expect, test } from './fixtures';

test('the search box suggests after the pause, arrows and Enter open results, short queries send nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // The page's own timers run on Playwright's clock, so the debounce can be passed without sleeping.
  await page.clock.install();
  await page.goto('/');
  const box = page.getByTestId('search-box');
  const input = box.getByRole('combobox');
  await expect(input).toHaveAttribute('maxlength', '69');

  // Two characters: no suggester request, and submitting shows the rule without navigating.
  const suggesterCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/suggester.php')) suggesterCalls.push(r.url());
  });
  await input.fill('su');
  await page.clock.runFor(1000);
  await page.evaluate(() => 0);
  expect(suggesterCalls).toHaveLength(0);
  await input.press('Enter');
  await expect(page.getByTestId('search-error')).toHaveText('Enter 3 to 69 characters to search.');
  await expect(page).toHaveURL(/\/$/);

  // Three characters: suggestions after the debounce; ArrowDown + Enter opens the first.
  await input.fill('sum');
  const suggestions = page.getByTestId('suggestions');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  expect(suggesterCalls.length).toBe(1);
  const first = (await suggestions.getByRole('option').first().locator('.search-box__label').textContent())!;
  await input.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/search/1/\\?s=${encodeURIComponent(first).replace(/%20/g, '(%20|\\+)')}`),
  );
  await expect(page.locator('h1')).toContainText(first);
  await expect(page.getByTestId('thumb').first()).toBeVisible();

  // Escape closes; the last searches come back from localStorage.
  await input.fill('');
  await input.focus();
  await expect(suggestions.getByText('Recent searches')).toBeVisible();
  await input.press('Escape');
  await expect(suggestions).toBeHidden();
});

test('the search page: relevance by default, sorts and filters, and the length rule', async ({
  page,
  request,
}) => {
  const r = await request.get('/search/?s=summer', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  await page.goto('/search/1/?s=summer');
  await expect(page.locator('h1')).toHaveText('Search results for “summer”');
  // The count is written by the loader (no plural rules in the browser), and agrees with the thumbs shown.
  const count = Number(
    (await page.locator('.listing__count').textContent())?.match(/^(\d+) videos? found$/)?.[1],
  );
  expect(count).toBeGreaterThanOrEqual(await page.getByTestId('thumb').count());
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Relevance' })).toHaveAttribute('aria-current', 'page');
  const titles = await page.getByTestId('thumb').locator('.thumb__title').allTextContents();
  expect(titles.slice(0, 3).every((t) => /summer/i.test(t))).toBe(true);
  await page.getByRole('link', { name: 'Over 40 min' }).click();
  await expect(page).toHaveURL(/duration=3/);
  await page.goto('/search/1/?s=ab');
  await expect(page.getByTestId('search-length')).toBeVisible();
});
