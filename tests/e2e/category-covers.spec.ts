import { expect, test } from './fixtures';

test('the categories index pictures each category with one of its videos, sized and lazy', async ({
  page,
}) => {
  await page.goto('/categories/');
  const items = page.getByTestId('category-index').locator('.category-index__item');
  await expect(items.first()).toBeVisible();
  const images = page.getByTestId('category-index').locator('img.thumb__image');
  expect(await images.count()).toBe(await items.count());
  for (const img of (await images.all()).slice(0, 5)) {
    await expect(img).toHaveAttribute('width', '320');
    await expect(img).toHaveAttribute('height', '180');
    await expect(img).toHaveAttribute('loading', 'lazy');
  }
  // The first tiles' images load.
  await expect
    .poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
