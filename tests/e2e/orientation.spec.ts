import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const MOBILE = { width: 390, height: 844 };

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

/** The category index's counts by title, as a visitor reads them. */
async function categoryCounts(page: Page): Promise<Map<string, string>> {
  const items = page.getByTestId('category-index').locator('.category-index__item');
  await expect(items.first()).toBeVisible();
  const rows = await items.evaluateAll((links) =>
    links.map((a) => [
      a.querySelector('.category-index__title')?.textContent ?? '',
      a.querySelector('.category-index__count')?.textContent ?? '',
    ]),
  );
  return new Map(rows as [string, string][]);
}

const thumbTitles = (page: Page) => page.getByTestId('thumb').locator('.thumb__title').allTextContents();

test('the header switch changes orientation: listings, counts and canonical URLs follow, and it stays', async ({
  page,
  context,
}) => {
  await page.goto('/categories/');
  const straight = await categoryCounts(page);
  const bar = page.getByTestId('orientation-switch');
  await expect(bar.getByRole('link', { name: 'Straight' })).toHaveAttribute('aria-current', 'true');

  await bar.getByRole('link', { name: 'Gay' }).click();
  await expect(page).toHaveURL(/\/categories\/\?orientation=gay$/);
  await expect(page.getByTestId('orientation-switch').getByRole('link', { name: 'Gay' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const gay = await categoryCounts(page);
  // Every category's count is the gay catalogue's, smaller than the straight one's for the big ones.
  const retro = [...straight.keys()][0];
  expect(gay.get(retro)).not.toBe(straight.get(retro));
  expect((await context.cookies()).find((c) => c.name === 'orientation')?.value).toBe('gay');
  // Crawlable: the canonical and the language alternates name the orientation.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/categories\/\?orientation=gay$/,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
    'href',
    /\/categories\/\?orientation=gay&lang=de$/,
  );

  // Plain URLs now show the gay catalogue (the cookie), with the plain listing a different set of videos.
  await page.goto('/videos/latest-updates/1/');
  const gayTitles = await thumbTitles(page);
  await page.getByTestId('orientation-switch').getByRole('link', { name: 'Straight' }).click();
  await expect(page).toHaveURL(/orientation=straight/);
  const straightTitles = await thumbTitles(page);
  expect(gayTitles.length).toBeGreaterThan(0);
  expect(straightTitles).not.toEqual(gayTitles);
  // Straight is the plain URL for crawlers.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/videos\/latest-updates\/1\/$/,
  );
  expect((await context.cookies()).find((c) => c.name === 'orientation')?.value).toBe('straight');
});

test('a cached anonymous page switches too, and the switch works without JavaScript', async ({
  browser,
  request,
}) => {
  // Warm the page cache with the straight home page, then switch from a fresh, script-less browser.
  await request.get('/');
  await request.get('/');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const straightFirst = await page.getByTestId('thumb').first().locator('.thumb__title').textContent();
  await page.getByTestId('orientation-switch').getByRole('link', { name: 'Shemale' }).click();
  await expect(page).toHaveURL(/\?orientation=shemale$/);
  expect((await context.cookies()).find((c) => c.name === 'orientation')?.value).toBe('shemale');
  await page.goto('/');
  await expect(page.getByTestId('orientation-switch').getByRole('link', { name: 'Shemale' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const shemaleFirst = await page.getByTestId('thumb').first().locator('.thumb__title').textContent();
  expect(shemaleFirst).not.toBe(straightFirst);
  // The blocks that load when scrolled near link their listing instead, for a browser without scripts.
  await expect(page.getByRole('link', { name: 'Show these videos' }).first()).toHaveAttribute(
    'href',
    '/videos/most-popular/1/?date=day',
  );
  await context.close();

  // An unknown value is ignored: straight, and no cookie.
  const odd = await request.get('/?orientation=martian', { headers: { cookie: '' } });
  expect(odd.status()).toBe(200);
  expect(odd.headers()['set-cookie'] ?? '').not.toContain('orientation=');
});

test('at 390 px the switch is in the mobile menu, and the network bar scrolls instead of hiding names', async ({
  page,
  context,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.getByTestId('orientation-switch')).toBeHidden();
  const bar = page.locator('.network-bar');
  await bar.screenshot({ path: 'test-results/orientation-390-network-bar.png' });
  // The sister sites scroll sideways inside their own box, which ends before the language select.
  const layout = await page.evaluate(() => {
    const nav = document.querySelector('.network-bar__nav') as HTMLElement;
    const select = document.querySelector('.language-select') as HTMLElement;
    return {
      overflow: getComputedStyle(nav).overflowX,
      navRight: nav.getBoundingClientRect().right,
      selectLeft: select.getBoundingClientRect().left,
      scrollable: nav.scrollWidth > nav.clientWidth,
    };
  });
  expect(layout.overflow).toBe('auto');
  expect(layout.navRight).toBeLessThanOrEqual(layout.selectLeft);
  if (layout.scrollable) {
    const nav = page.locator('.network-bar__nav');
    await nav.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(page.getByTestId('network-links').getByRole('link').last()).toBeInViewport();
  }

  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(async () => {
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  const menuSwitch = page.getByTestId('orientation-switch-menu');
  await expect(menuSwitch).toBeVisible();
  await page.screenshot({ path: 'test-results/orientation-390-menu.png' });
  await menuSwitch.getByRole('link', { name: 'Gay' }).click();
  await expect(page).toHaveURL(/\?orientation=gay$/);
  expect((await context.cookies()).find((c) => c.name === 'orientation')?.value).toBe('gay');
  await page.locator('.site-header').screenshot({ path: 'test-results/orientation-390-header.png' });
});
