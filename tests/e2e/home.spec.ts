import { expect, test } from './fixtures';

test('home shows three blocks of thumbs, lazily loading the lower two', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers().rating).toBe('RTA-5042-1996-1400-1577-RTA');
  await expect(page.locator('meta[name="RATING"]')).toHaveAttribute('content', 'RTA-5042-1996-1400-1577-RTA');
  const blocks = page.getByTestId('home-block');
  await expect(blocks).toHaveCount(3);
  await expect(blocks.nth(0).getByTestId('thumb').first()).toBeVisible();
  await blocks.nth(2).scrollIntoViewIfNeeded();
  await expect(blocks.nth(1).getByTestId('thumb')).toHaveCount(25);
  await expect(blocks.nth(2).getByTestId('thumb')).toHaveCount(25);
  await expect(page.locator('a[href="/videos/latest-updates/2/"]').first()).toBeVisible();
});

test('lower blocks the page was scrolled past before hydration still load', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 });
  // At the bottom before any script of the page runs: no scroll event is left for the blocks to hear.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      window.scrollTo(0, document.documentElement.scrollHeight),
    ),
  );
  await page.goto('/');
  const blocks = page.getByTestId('home-block');
  await expect(blocks.nth(1).getByTestId('thumb')).toHaveCount(25);
  await expect(blocks.nth(2).getByTestId('thumb')).toHaveCount(25);
});

test('a lower block that waits below the fold runs no animation until it starts loading', async ({
  page,
}) => {
  // An animation's start and each iteration is an event on the page's thread (the placeholders once ran 150).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const blocks = page.getByTestId('home-block');
  await expect(blocks.nth(2).locator('.thumb-grid--skeleton')).toHaveCount(1);
  expect(await blocks.nth(2).evaluate((block) => block.getAnimations({ subtree: true }).length)).toBe(0);
  await blocks.nth(2).scrollIntoViewIfNeeded();
  await expect(blocks.nth(2).getByTestId('thumb')).toHaveCount(25);
});

test('a loading block pulses as one animation, and not at all for a visitor who asks for reduced motion', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The lower blocks' lists are held until the assertions are done, so the blocks stay loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/trpc\/videos\.list/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const block = page.getByTestId('home-block').nth(2);
  await block.scrollIntoViewIfNeeded();
  const loading = block.locator('.thumb-grid--skeleton:not(.thumb-grid--still)');
  await expect(loading).toHaveCount(1);
  const animations = () =>
    loading.evaluate((grid) =>
      grid.getAnimations({ subtree: true }).map((animation) => (animation as CSSAnimation).animationName),
    );
  expect(await animations()).toEqual(['skeleton-pulse']);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(animations).toEqual([]);
  release();
  await expect(block.getByTestId('thumb')).toHaveCount(25);
});
