import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newMember } from './helpers/members';

const LISTING = '/videos/latest-updates/1/';
const MOBILE = { width: 390, height: 844 };

/** The cookie notice would cover the bottom of small screens; these tests are about the rest. */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('the header: network bar, main nav dropdowns, tag strip and footer links come from configuration', async ({
  page,
}) => {
  await page.goto('/');
  const network = page.getByTestId('network-links');
  await expect(network.getByRole('link', { name: 'RetroReels' })).toHaveAttribute(
    'href',
    'https://retroreels.example/',
  );
  await expect(network.getByRole('link')).toHaveCount(4);
  await expect(page.getByTestId('partner-links').getByRole('link')).toHaveCount(4);

  // Tag strip: country, three hardlinks, the first 8 top categories, all categories.
  const strip = page.getByTestId('tag-strip');
  await expect(strip.getByRole('link')).toHaveCount(1 + 3 + 8 + 1);
  await expect(page.getByTestId('country-tag')).toHaveText('Top in United States');
  await expect(strip.getByRole('link', { name: 'Top rated' })).toHaveAttribute(
    'href',
    '/videos/top-rated/1/',
  );
  await expect(strip.getByRole('link').last()).toHaveText('All categories');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const categories = page.getByTestId('main-nav-categories-menu');
  await expect(categories).toBeHidden();
  await nav.getByRole('link', { name: 'Categories', exact: true }).hover();
  await expect(categories).toBeVisible();
  await expect(categories.getByRole('link')).toHaveCount(13);
  await expect(categories.getByRole('link').last()).toHaveText('All categories');
  const first = categories.getByRole('link').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/categories\/[a-z0-9-]+\/latest-updates\/1\/$/);
  await expect(page.locator('h1')).toContainText(title);

  // Keyboard: the toggle opens the Pornstars menu, Escape shuts it and gives focus back to the toggle.
  await page.mouse.move(5, 700);
  const toggle = nav.getByRole('button', { name: 'Top pornstars' });
  const models = page.getByTestId('main-nav-models-menu');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(models.getByRole('link')).toHaveCount(11);
  await models.getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(models).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await nav.getByRole('button', { name: 'Video sorting' }).click();
  await page.getByTestId('main-nav-videos-menu').getByRole('link', { name: 'Best' }).click();
  await expect(page).toHaveURL(/\/videos\/top-rated\/1\/$/);
});

test('the header links move inside the app and mark the section the page is in', async ({ page }) => {
  // They are plain anchors the layout turns into client navigations (components/site-link.tsx), and the
  // main nav marks its current entry as the router's NavLink did.
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const playlists = nav.getByRole('link', { name: 'Playlists', exact: true });
  await expect(playlists).not.toHaveAttribute('aria-current', 'page');
  await playlists.click();
  await expect(page).toHaveURL(/\/playlists\//);
  await expect(playlists).toHaveAttribute('aria-current', 'page');
  await expect(playlists).toHaveClass(/\bactive\b/);
  await page.getByTestId('tag-strip').getByRole('link').nth(4).click();
  await expect(page).toHaveURL(/\/categories\/[a-z0-9-]+\/latest-updates\/1\/$/);
  await expect(nav.getByRole('link', { name: 'Categories', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(playlists).not.toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'VintageTube, go to the main page' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the mobile menu opens and closes from the keyboard, and the header hides on scroll-down', async ({
    page,
  }) => {
    await page.goto(LISTING);
    const burger = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Videos', exact: true })).toBeFocused();
    // Submenus open on their toggles only.
    await expect(page.getByTestId('main-nav-categories-menu')).toBeHidden();
    await nav.getByRole('button', { name: 'Top categories' }).click();
    await expect(page.getByTestId('main-nav-categories-menu')).toBeVisible();
    // Escape shuts the submenu first, then the menu.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('main-nav-categories-menu')).toBeHidden();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    await burger.click();
    await nav.getByRole('link', { name: 'Albums' }).click();
    await expect(page).toHaveURL(/\/albums\/latest-updates\/1\/$/);
    await expect(nav).toBeHidden();

    const header = page.getByTestId('site-header');
    const bottom = async () => {
      const box = (await header.boundingBox())!;
      return box.y + box.height;
    };
    await page.mouse.move(195, 500);
    await page.mouse.wheel(0, 40);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await expect(header).not.toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, 900);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect(header).not.toHaveAttribute('data-hidden', 'true');
    await expect.poll(bottom).toBeGreaterThan(50);

    // Wider than 768 px the header stays.
    await page.setViewportSize({ width: 1024, height: 844 });
    await page.mouse.wheel(0, 900);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
    await expect(header).not.toHaveAttribute('data-hidden', 'true');
  });
});

test('ads: 728×128 under the player scaled to fit, four footer banners (two up to 767 px), listing slots', async ({
  page,
}) => {
  await page.goto(LISTING);
  const visibleBanners = page.getByTestId('footer-banner').filter({ visible: true });
  await expect(visibleBanners).toHaveCount(4);
  // 60 thumbs with a slot after every 15 (none after the last).
  await expect(page.getByTestId('listing-ad')).toHaveCount(3);
  await page.setViewportSize({ width: 767, height: 900 });
  await expect(visibleBanners).toHaveCount(2);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(visibleBanners).toHaveCount(4);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('thumb').first().locator('a').first().click();
  const under = page.getByTestId('ad-under-player');
  await expect(under).toBeVisible();
  expect((await under.boundingBox())!.width).toBe(728);
  await expect(page.getByTestId('partner-item')).toHaveCount(17);
  await expect(page.getByTestId('partner-item').first().getByRole('link')).toHaveAttribute(
    'href',
    /^https:\/\/[a-z0-9.-]+\.example\//,
  );

  await page.setViewportSize(MOBILE);
  await expect.poll(async () => (await under.boundingBox())!.width).toBeLessThan(390);
  // Under the player it is near the viewport from the start: its document loads with the page.
  await expect(under.locator('iframe')).toHaveAttribute('src', /^\/ads\/en\/under-player\//);
  const frame = (await under.locator('iframe').boundingBox())!;
  const box = (await under.boundingBox())!;
  // The frame is scaled as a whole, not cropped: its drawn width matches the zone's.
  expect(Math.abs(frame.width - box.width)).toBeLessThan(1);
  expect(Math.abs(frame.height / frame.width - 128 / 728)).toBeLessThan(0.01);
  // Wide again, it is drawn at its own size again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await under.locator('iframe').boundingBox())!.width).toBe(728);
});

test('an ad that fits is left at its own size: nothing is written into its style after load', async ({
  page,
}) => {
  // A write there had the browser restyle and repaint the page after hydration.
  await page.setViewportSize(MOBILE);
  await page.goto(LISTING);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const ad = page.getByTestId('footer-banner').filter({ visible: true }).first();
  await ad.scrollIntoViewIfNeeded();
  // Two frames on, the resize observers have reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect((await ad.boundingBox())!.width).toBe(300);
  expect(await ad.getAttribute('style')).not.toContain('--ad-scale');
});

test('an ad document loads only when its box nears the viewport, and a banner hidden on a phone never does', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/ads/')) asked.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize(MOBILE);
  await page.goto(LISTING);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // Hydrated, at the top of a phone's listing: every ad zone has its box and none has an iframe.
  await expect(page.getByTestId('listing-ad')).toHaveCount(3);
  await expect(page.getByTestId('footer-banner')).toHaveCount(4);
  await expect(page.locator('.ad-frame iframe')).toHaveCount(0);
  expect(asked).toEqual([]);

  const firstSlot = page.getByTestId('listing-ad').first();
  await firstSlot.scrollIntoViewIfNeeded();
  await expect(firstSlot.locator('iframe')).toHaveAttribute('src', /^\/ads\/en\/listing\/\d+\.html$/);
  await expect(page.getByTestId('footer-banner').locator('iframe')).toHaveCount(0);

  await page.getByTestId('footer-banners').scrollIntoViewIfNeeded();
  const banners = page.getByTestId('footer-banner');
  await expect(banners.filter({ visible: true }).locator('iframe')).toHaveCount(2);
  // The two banners the stylesheet hides up to 767 px stay empty: nobody can see them.
  await expect(banners.locator('iframe')).toHaveCount(2);
  for (const iframe of await page.locator('.ad-frame iframe').all())
    await expect(iframe).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
  await expect.poll(() => asked.filter((path) => path.startsWith('/ads/en/footer/')).length).toBe(2);
});

test('ad code runs in an opaque origin: it cannot read the page cookies, storage or DOM', async ({
  browser,
}) => {
  const page = await newMember(browser, `adprobe${Date.now().toString(36)}`);
  await page.context().addCookies([{ name: 'probe', value: 'page-only', url: new URL(page.url()).origin }]);
  await page.goto(LISTING);
  // The page's own script sees its cookie (the session cookie is HttpOnly for everyone).
  expect(await page.evaluate(() => document.cookie)).toContain('probe=page-only');

  // The iframe is made when its box nears the viewport.
  await page.getByTestId('footer-banner').first().scrollIntoViewIfNeeded();
  const iframe = page.getByTestId('footer-banner').first().locator('iframe');
  await expect(iframe).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-popups allow-popups-to-escape-sandbox',
  );
  const frame = (await (await iframe.elementHandle())!.contentFrame())!;
  await frame.waitForSelector('a');
  const seen = await frame.evaluate(() => {
    const attempt = (read: () => unknown) => {
      try {
        return { value: String(read()) };
      } catch (error) {
        return { error: (error as Error).name };
      }
    };
    return {
      origin: self.origin,
      ownCookie: attempt(() => document.cookie),
      parentCookie: attempt(() => window.parent.document.cookie),
      topCookie: attempt(() => window.top?.document.cookie),
      storage: attempt(() => window.localStorage.getItem('cookies_notice')),
      parentTitle: attempt(() => window.parent.document.title),
    };
  });
  expect(seen.origin).toBe('null');
  for (const key of ['ownCookie', 'parentCookie', 'topCookie', 'storage', 'parentTitle'] as const) {
    expect(seen[key], key).toEqual({ error: 'SecurityError' });
  }
  await page.close();
});

test('modals close on a route change, by a link inside them or by Back', async ({ page }) => {
  await page.goto(LISTING);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const login = page.getByTestId('login-modal');
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/register\/$/);
  await expect(login).toBeHidden();

  await page.goto(LISTING);
  await page.getByTestId('thumb').first().locator('a').first().click();
  await expect(page).toHaveURL(/\/videos\/\d+\//);
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByTestId('share-modal');
  await expect(share).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/videos\/latest-updates\/1\/$/);
  await expect(share).toBeHidden();
});

test('navigation scrolls to the top, unless it carries stopScroll (listing filters)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(LISTING);
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect.poll(() => scrollY(page)).toBe(120);
  await page.getByRole('link', { name: 'Under 10 min' }).click();
  await expect(page).toHaveURL(/duration=1/);
  await expect(page.getByRole('link', { name: 'Under 10 min' })).toHaveAttribute('aria-current', 'true');
  expect(await scrollY(page)).toBe(120);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL(/\/information\/terms\/$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('the language select switches the whole page and remembers the choice', async ({ page, context }) => {
  await page.goto(LISTING);
  await page.getByTestId('language-select').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByTestId('language-select')).toHaveValue('de');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.clearCookies({ name: 'lang' });
});

test('toasts vanish after 4 s or on a click', async ({ browser }) => {
  const page = await newMember(browser, `toaster${Date.now().toString(36)}`);
  await page.goto('/videos/3/');
  const toast = page.getByTestId('toast');
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(toast).toHaveCount(1);
  await toast.click();
  await expect(toast).toHaveCount(0);

  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(toast).toHaveCount(1);
  const shown = Date.now();
  await expect(toast).toHaveCount(0, { timeout: 6_000 });
  expect(Date.now() - shown).toBeGreaterThan(3_000);
  await page.close();
});

// A short page stretches its main to keep the footer at the bottom. A paint while the parser had not yet read
// the footer showed the page stretched, then shrank it (a layout shift of 0.18 at 412 px): no paint comes
// before the footer is read (root.tsx, rel="expect").
test('short pages shift nothing while they load, at 320 and 390 px', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/search/1/?s=ab', '/no-such-page/']) {
      await page.goto(path);
      await expect(page.locator('link[rel="expect"][blocking="render"]')).toHaveAttribute(
        'href',
        '#site-footer',
      );
      await expect(page.locator('footer#site-footer')).toBeVisible();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(
        await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
        `${path} at ${width}`,
      ).toBe(0);
    }
  }
});

test("an ad click's parameters leave the address bar before the app starts, and no link carries them", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/videos/latest-updates/1/?utm_source=ads&fbclid=CLICK1&duration=1');
  expect(new URL(page.url()).search).toBe('?duration=1');
  await expect(page.locator('a[href*="CLICK1"], a[href*="utm_source"]')).toHaveCount(0);
  // The orientation switch builds its links from the page's query: the one that was rendered.
  await expect(page.locator('a[href*="duration=1"]').first()).toBeAttached();
  expect(errors).toEqual([]);
});
