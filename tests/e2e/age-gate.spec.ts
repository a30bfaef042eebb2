import type { Request } from '@playwright/test';
import { VIEW_STAT_DELAY_MS } from '../../apps/web/app/lib/site-constants';
import { expect, test } from './fixtures';

/** Anything that would show a picture or a film: images, media, and every file under /media/. */
const isMedia = (request: Request) =>
  ['image', 'media'].includes(request.resourceType()) ||
  new URL(request.url()).pathname.startsWith('/media/');

test.describe('visitors from a listed country', () => {
  // The trusted CDN header the server reads (COUNTRY_HEADER, cf-ipcountry by default); no stored state.
  test.use({ extraHTTPHeaders: { 'CF-IPCountry': 'DE' }, storageState: { cookies: [], origins: [] } });

  test('the gate cannot be dismissed, nothing loads behind it, and accepting sets a permanent cookie', async ({
    page,
    context,
  }) => {
    let accepted = false;
    const before: string[] = [];
    const after: string[] = [];
    page.on('request', (request) => {
      if (isMedia(request)) (accepted ? after : before).push(request.url());
    });

    await page.goto('/');
    const gate = page.getByTestId('age-gate');
    await expect(gate).toBeVisible();
    await expect(gate.getByRole('heading')).toHaveText('Nur für Erwachsene');
    // The app waits for the visitor's first action (lib/deferred-boot.ts): no module has run, none was
    // preloaded.
    expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBe('deferred');
    expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false);
    expect(await page.locator('link[rel="modulepreload"], script[type="module"]').count()).toBe(0);
    // The first move of the pointer starts it; once hydrated it is a real modal, and its one action has
    // the focus.
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect.poll(() => gate.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    await expect(gate.getByRole('button', { name: /Eintreten/ })).toBeFocused();

    // A click outside, on the backdrop in every corner, does nothing.
    const { width, height } = page.viewportSize()!;
    for (const [x, y] of [
      [5, 5],
      [width - 5, 5],
      [5, height - 5],
      [width - 5, height - 5],
    ])
      await page.mouse.click(x, y);
    await expect(gate).toBeVisible();
    // Nor does Esc, not even twice (Chrome closes a dialog on a second Esc unless told not to).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    expect(await gate.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);

    // Its own language switch.
    await gate.getByRole('button', { name: 'Français' }).click();
    await expect(gate.getByRole('heading')).toHaveText('Réservé aux adultes');
    await gate.getByRole('button', { name: 'Deutsch' }).click();

    // A route change does not close it either (spec §4: every modal but this one closes).
    await gate.locator('a[href="/information/terms/"]').click();
    await expect(page).toHaveURL(/\/information\/terms\/$/);
    await expect(gate).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // Placeholders stand where the thumbnails will be, and not one picture or film was asked for.
    await expect(page.getByTestId('thumb').first()).toBeAttached();
    await expect(page.getByTestId('media-held').first()).toBeAttached();
    expect(await page.locator('img, video').count()).toBe(0);
    expect(before).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === 'age_verified')).toBeUndefined();
    // Nor is the page behind it styled, laid out or painted: the gate comes first, and what follows it is
    // not displayed. Nor do the home's lower blocks fetch their thumbs, for a page nobody sees.
    const display = () => page.locator('#main').evaluate((main) => getComputedStyle(main).display);
    expect(await page.locator('body > *').first().getAttribute('class')).toBe('age-gate');
    expect(await display()).toBe('none');
    await expect(page.getByTestId('home-block')).toHaveCount(3);
    expect(await page.getByTestId('home-block').nth(1).getByTestId('thumb').count()).toBe(0);

    accepted = true;
    await gate.getByRole('button', { name: /Eintreten/ }).click();
    await expect(gate).toHaveCount(0);
    expect(await display()).not.toBe('none');
    const cookie = (await context.cookies()).find((c) => c.name === 'age_verified');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    // Permanent: the longest a browser keeps a cookie (400 days), renewed on later visits.
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 399 * 86400);

    // The thumbnails load now, without a reload, and really arrive.
    const firstThumb = page.locator('img.thumb__image').first();
    await expect(firstThumb).toBeVisible();
    await expect
      .poll(() => firstThumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(before).toEqual([]);

    // The next visit goes straight in.
    await page.reload();
    await expect(page.locator('img.thumb__image').first()).toBeVisible();
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
  });

  test('the video page shows its title and text behind the gate, and the player only after it', async ({
    page,
  }) => {
    await page.goto('/videos/latest-updates/1/');
    const href = await page.getByTestId('thumb').first().locator('a').first().getAttribute('href');
    let accepted = false;
    const before: string[] = [];
    const ads: string[] = [];
    const views: string[] = [];
    page.on('request', (request) => {
      if (!accepted && isMedia(request)) before.push(request.url());
      if (!accepted && new URL(request.url()).pathname.startsWith('/ads/')) ads.push(request.url());
      if (!accepted && request.url().includes('/trpc/stats.view')) views.push(request.url());
    });
    await page.goto(href!);
    await expect(page.getByTestId('age-gate')).toBeVisible();
    await expect(page.locator('h1')).not.toBeEmpty();
    await expect(page.getByTestId('player-held')).toBeAttached();
    await expect(page.getByTestId('player-video')).toHaveCount(0);
    // The ad under the player keeps its place, empty: no ad document is asked for behind the gate.
    await expect(page.getByTestId('ad-under-player')).toBeAttached();
    await expect(page.getByTestId('ad-under-player').locator('iframe')).toHaveCount(0);
    expect(before).toEqual([]);
    expect(ads).toEqual([]);
    // Nor is a view counted for it, however long the gate stays (a view counts a second after the page shows),
    // once the app runs too (it waits for a first action, here a move of the pointer).
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForFunction((ms) => performance.now() > ms, VIEW_STAT_DELAY_MS * 2);
    expect(views).toEqual([]);
    const viewSent = page.waitForRequest((r) => r.url().includes('/trpc/stats.view'));

    accepted = true;
    await page
      .getByTestId('age-gate')
      .getByRole('button', { name: /Eintreten/ })
      .click();
    await expect(page.getByTestId('player-video')).toBeAttached();
    await expect(page.getByTestId('player-held')).toHaveCount(0);
    await expect(page.getByTestId('ad-under-player').locator('iframe')).toHaveAttribute('src', /^\/ads\//);
    await viewSent;
  });

  test('a click on the gate before the app has loaded is not lost', async ({ page, context }) => {
    // Each click here is the page's first action: it starts the app, and the hydrated gate clicks again.
    await page.goto('/');
    await page.getByTestId('age-gate').getByRole('button', { name: 'Français' }).click();
    await expect(page.getByTestId('age-gate').getByRole('heading')).toHaveText('Réservé aux adultes');

    const other = await context.newPage();
    await other.goto('/');
    expect(await other.evaluate(() => document.documentElement.dataset.boot)).toBe('deferred');
    await other
      .getByTestId('age-gate')
      .getByRole('button', { name: /Eintreten/ })
      .click();
    await expect(other.getByTestId('age-gate')).toHaveCount(0);
    await expect(other.locator('img.thumb__image').first()).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'age_verified')).toBeDefined();
  });
});

test.describe('the cookie notice', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('shows until dismissed, links to the cookie policy, and stays dismissed', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
      'href',
      '/information/cookies_policy/',
    );
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookies_notice'))).toBe('1');
    await page.reload();
    await expect(page.getByTestId('thumb').first()).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('speaks the UI language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
    await page.goto('/');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toContainText('Wir verwenden Cookies nur');
    await expect(notice.getByRole('link', { name: 'Cookie-Richtlinie' })).toBeVisible();
  });
});
