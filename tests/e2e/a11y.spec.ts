import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './helpers/axe';

/** The first link of a listing's first item: a real video, model or album page of the seeded site. */
async function firstHref(page: Page, listing: string, testId: string): Promise<string> {
  await page.goto(listing);
  return (await page.getByTestId(testId).first().locator('a').first().getAttribute('href'))!;
}

const pages: [name: string, path: (page: Page) => Promise<string>][] = [
  ['home', async () => '/'],
  ['listing', async () => '/videos/latest-updates/1/'],
  ['video', (page) => firstHref(page, '/videos/most-popular/1/', 'thumb')],
  ['model', (page) => firstHref(page, '/models/most-popular/1/', 'model-thumb')],
  ['album', (page) => firstHref(page, '/albums/latest-updates/1/', 'album-thumb')],
];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [name, path] of pages) {
      test(`axe finds no serious or critical violations on the ${name} page`, async ({ page }) => {
        const url = await path(page);
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        // Lazy parts (home blocks, ad frames, the partner slider) are in the page once scrolled to.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await seriousViolations(page), url).toEqual([]);
      });
    }
  });
}
