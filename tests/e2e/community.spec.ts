import { expect, test } from './fixtures';

test('the community lists 96 members a page and its filters narrow the list', async ({ page, request }) => {
  const r = await request.get('/community/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/community/recent/1/');

  await page.goto('/community/recent/1/');
  await expect(page.locator('h1')).toHaveText('Community');
  const cards = page.getByTestId('member-card');
  await expect(cards).toHaveCount(96);

  const filters = page.getByTestId('community-filters');
  await filters.getByRole('combobox', { name: 'Age', exact: true }).selectOption({ label: '51 and over' });
  await filters.getByRole('combobox', { name: 'Gender', exact: true }).selectOption({ label: 'Woman' });
  await filters.getByRole('button', { name: 'Show members' }).click();
  await expect(page).toHaveURL(/[?&]age=4/);
  await expect(page).toHaveURL(/[?&]gender=2/);
  await expect(cards).not.toHaveCount(96);
  const ages = await cards.evaluateAll((els) =>
    els.map((e) => Number(/(\d+) years?/.exec(e.textContent ?? '')?.[1] ?? 0)),
  );
  expect(ages.length).toBeGreaterThan(0);
  expect(ages.length).toBeLessThan(96);
  expect(ages.every((a) => a >= 51)).toBe(true);

  // A name search nobody matches shows the empty text.
  await filters.getByRole('searchbox', { name: 'Name', exact: true }).fill('zzzz-nobody');
  await filters.getByRole('button', { name: 'Show members' }).click();
  await expect(page.getByText('Members not found')).toBeVisible();
});
