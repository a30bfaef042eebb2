import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

// German and Russian have the longest words of the ten languages ("Moderationswarteschlange",
// "Lateinamerikanisch", "Документальное"): a page that fits a 320 px screen in both fits it in the others.
const LONG_WORDED = ['de', 'ru'] as const;

/** How far the page is wider than the screen (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens `path` in `lang` (the language cookie, then the page). */
async function gotoIn(page: Page, baseURL: string, lang: string, path: string) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Each page, in each long-worded language, is no wider than the screen. */
async function expectEachFits(page: Page, baseURL: string, paths: string[]) {
  for (const lang of LONG_WORDED)
    for (const path of paths) {
      await gotoIn(page, baseURL, lang, path);
      expect(await overflow(page), `${path} in ${lang}`).toBe(0);
    }
}

async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href, `a link matching ${selector} on ${path}`).toBeTruthy();
  return href!;
}

test('public pages fit a 320 px screen in the longest-worded languages', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 700 });
  const paths = [
    '/',
    '/videos/latest-updates/1/',
    await firstHref(page, '/videos/latest-updates/1/', 'a.thumb__link'),
    '/search/1/?s=summer',
    '/categories/',
    await firstHref(page, '/categories/', 'a.category-index__item'),
    '/albums/latest-updates/1/',
    await firstHref(page, '/albums/latest-updates/1/', 'a[href^="/album/"]'),
    '/models/most-popular/1/',
    await firstHref(page, '/models/most-popular/1/', 'a[href^="/model/"]'),
    '/community/recent/1/',
    await firstHref(page, '/community/recent/1/', 'a[href^="/members/"]'),
    '/playlists/most-popular/1/',
    '/top-country/1/',
    '/information/',
    '/sitemap-page/',
    '/login/',
    '/register/',
    '/restore/',
  ];
  await expectEachFits(page, baseURL!, paths);
});

test('staff pages fit a 320 px screen in the longest-worded languages', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const name = `warden_s${Date.now() % 1_000_000}`;
  createStaff(name, 'admin');
  await signInAs(page, name, STAFF_PASSWORD);
  await page.setViewportSize({ width: 320, height: 700 });
  // The queue's title is one German word; the team table and the audit log's action select were wider than
  // the screen in every language.
  const paths = [
    '/moderation/',
    '/moderation/reports/',
    '/moderation/takedowns/',
    '/moderation/appeals/',
    '/moderation/transparency/',
    '/moderation/team/',
    '/moderation/audit/',
    '/moderation/quarantine/',
  ];
  await expectEachFits(page, baseURL!, paths);
});

test('the report dialog fits a 320 px screen in the longest-worded languages', async ({ page, baseURL }) => {
  // Its subject select is as wide as its longest option and its file input as its button and text: in the
  // dialog's grid they had widened the form past the dialog, which then scrolled sideways to the focused field.
  await page.setViewportSize({ width: 320, height: 700 });
  const video = await firstHref(page, '/videos/latest-updates/1/', 'a.thumb__link');
  for (const lang of LONG_WORDED) {
    await gotoIn(page, baseURL!, lang, video);
    await page.getByTestId('report-video').click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog.locator('select').first()).toBeVisible();
    const sideways = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    expect(sideways, `the report dialog in ${lang}`).toBe(0);
  }
});

test('category titles wrap in their cards and the category picker opens on a 320 px screen', async ({
  page,
  baseURL,
}) => {
  // "Lateinamerikanisch" and "Документальное" are single words wider than a phone's two columns; the picker's
  // "+" sits mid-row, and its list had run 35 px past a 320 px screen.
  await page.setViewportSize({ width: 320, height: 700 });
  // A long chip ("Schwarzweiß", "Чёрно-белое") puts the "+" far enough right for its list to overrun.
  const category = '/categories/black-and-white/latest-updates/1/';
  for (const lang of LONG_WORDED) {
    await gotoIn(page, baseURL!, lang, '/categories/');
    const titles = await page
      .locator('.category-index__title')
      .evaluateAll((els) => els.map((el) => [el.scrollWidth, el.clientWidth, el.textContent] as const));
    for (const [needs, has, title] of titles) expect(needs, `${title} in ${lang}`).toBeLessThanOrEqual(has);

    await gotoIn(page, baseURL!, lang, category);
    await page.getByTestId('category-add').click();
    const list = page.locator('.category-add__list');
    await expect(list).toBeVisible();
    const rect = (await list.boundingBox())!;
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(320);
    expect(await overflow(page), `the open picker in ${lang}`).toBe(0);
  }
});
