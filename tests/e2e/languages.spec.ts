import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type Catalog, catalogs, LANGS, type Lang } from './helpers/catalogs';

const lookup = (catalog: Catalog, key: string) =>
  key
    .split('.')
    .reduce<string | Catalog | undefined>((node, part) => (node as Catalog | undefined)?.[part], catalog);
const leaves = (node: string | Catalog): string[] =>
  typeof node === 'string' ? [node] : Object.values(node).flatMap(leaves);

/** The language select names each language in itself ("English", "Deutsch"), as it should. */
const endonyms = LANGS.map(
  (code) => new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
).map((name, i) => name.charAt(0).toLocaleUpperCase(LANGS[i]) + name.slice(1));

/** English texts with no placeholders that the language writes differently everywhere in its catalog. */
function englishOnly(lang: Lang): Set<string> {
  const own = new Set([...leaves(catalogs[lang]), ...endonyms]);
  return new Set(
    leaves(catalogs.en).filter((text) => !text.includes('{{') && /\p{L}{2}/u.test(text) && !own.has(text)),
  );
}

/** Every text node a person can read and the readable attributes, as rendered in the browser. */
const readableTexts = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, iframe')) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    return out;
  });

async function expectNoEnglish(page: Page, lang: Lang) {
  if (lang === 'en') return;
  const english = englishOnly(lang);
  expect((await readableTexts(page)).filter((text) => english.has(text))).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

test('the language select switches through all 10 languages; home, a listing and a video page follow', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  for (const lang of LANGS) {
    const t = (key: string) => lookup(catalogs[lang], key) as string;

    // Home: the header's select sets the cookie and reloads the page in that language.
    await page.goto('/');
    if (lang !== 'en') await page.getByTestId('language-select').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('language-select')).toHaveValue(lang);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value ?? 'en').toBe(lang);
    await expect(page.locator('h1')).toHaveText(t('home.headline'));
    await expect(page.getByRole('heading', { name: t('home.popular_today') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('home.seo_headline') })).toBeVisible();
    // The lazily loaded blocks arrive in the same language.
    await page.getByRole('heading', { name: t('home.latest') }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-block').nth(2).getByTestId('thumb')).toHaveCount(25);
    await expectNoEnglish(page, lang);

    // A listing: headline, sort links and crawlable pagination in the language.
    await page.goto('/videos/latest-updates/1/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('h1')).toHaveText(t('listing.headline.latest-updates'));
    await expect(page.getByRole('link', { name: t('pagination.next'), exact: true })).toHaveAttribute(
      'href',
      '/videos/latest-updates/2/',
    );
    await expect(page.getByRole('link', { name: t('sort.top-rated'), exact: true }).first()).toBeVisible();
    await expectNoEnglish(page, lang);

    // A video page: its headings, and category titles from the data in the language.
    await page.getByTestId('thumb').first().locator('a[href^="/videos/"]').first().click();
    await expect(page).toHaveURL(/\/videos\/\d+\/[a-z0-9-]+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: t('video.related') })).toBeVisible();
    const titles = new Map<string, string>(
      (
        (await (await page.request.get(`/api/json/categories/0/straight.videos.${lang}.json`)).json()) as {
          categories: { dir: string; title: string }[];
        }
      ).categories.map((c) => [c.dir, c.title]),
    );
    const shown = await page.locator('a.chip--category').all();
    expect(shown.length).toBeGreaterThan(0);
    for (const link of shown) {
      const dir = /^\/categories\/([^/]+)\//.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
      if (titles.has(dir)) await expect(link).toHaveText(titles.get(dir)!);
    }
    await expectNoEnglish(page, lang);
  }

  await context.clearCookies({ name: 'lang' });
});

test('a language whose strings cannot load (a deploy replaced them) comes by reloading the page', async ({
  page,
  context,
}) => {
  const asked: string[] = [];
  await page.route('**/assets/strings-de-*.js', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.goto('/videos/latest-updates/1/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('language-select').selectOption('de');
  await reloaded;
  expect(asked.length).toBeGreaterThan(0);
  // The server renders the page whole in the language the cookie now holds.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('h1')).toHaveText(
    lookup(catalogs.de, 'listing.headline.latest-updates') as string,
  );
  await expect(page.getByTestId('language-select')).toHaveValue('de');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('de');
  await context.clearCookies({ name: 'lang' });
});

test('?lang=xx renders a language without the select and keeps it', async ({ page, context }) => {
  await page.goto('/videos/latest-updates/1/?lang=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('h1')).toHaveText(
    lookup(catalogs.ja, 'listing.headline.latest-updates') as string,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/videos\/latest-updates\/1\/\?lang=ja$/,
  );
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(11);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await context.clearCookies({ name: 'lang' });
});
