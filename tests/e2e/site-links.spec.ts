import { expect, test } from './fixtures';

// Thumbs, category boxes and page numbers are plain anchors that one listener in the layout turns into
// client navigations (docs/decisions/0031): they must still warm the next page and move without a reload.
test('a thumb warms its page on hover and opens it without a document load', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  const thumb = page.getByTestId('thumb').first();
  const href = await thumb.locator('a').getAttribute('href');
  const title = (await thumb.locator('.thumb__title').textContent())!;
  expect(href).toMatch(/^\/videos\/\d+\//);
  // Before hydration a hover does nothing: point again until the page's data is being warmed.
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await thumb.hover();
      return page.locator(`link[rel="prefetch"][href^="${href}"]`).count();
    })
    .toBeGreaterThan(0);

  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  const data = page.waitForRequest((r) => r.url().includes(`${href}_.data`));
  await thumb.locator('a').click();
  await data;
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The heading and the document title both follow the navigation (the title may land a moment later).
  await expect(page.locator('h1')).toHaveText(title);
  await expect.poll(async () => (await page.title()).split(' | ')[0]).toBe(title);
  expect(documents).toEqual([]);

  // A click with a modifier is the browser's (a new tab), not the router's.
  await page.goBack();
  await expect(page).toHaveURL(/\/videos\/latest-updates\/1\/$/);
  const popup = page.context().waitForEvent('page');
  await page
    .getByTestId('thumb')
    .nth(1)
    .locator('a')
    .click({ modifiers: ['Control'] });
  await (await popup).close();
  await expect(page).toHaveURL(/\/videos\/latest-updates\/1\/$/);
});

test('page numbers, category boxes, the tag strip and the footer navigate in place', async ({ page }) => {
  await page.goto('/videos/latest-updates/1/');
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await page.getByTestId('thumb').first().hover();
      return page.locator('link[rel="prefetch"]').count();
    })
    .toBeGreaterThan(0);
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  const first = await page.getByTestId('thumb').first().textContent();
  await page.locator('.pagination a[rel="next"]').first().click();
  await expect(page).toHaveURL(/\/videos\/latest-updates\/2\/$/);
  await expect.poll(() => page.getByTestId('thumb').first().textContent()).not.toBe(first);
  await page.locator('.category-sidebar a[role="checkbox"]').first().click();
  await expect(page).toHaveURL(/\/categories\//);
  // The shell's tag strip and footer are plain links too.
  await page.getByTestId('tag-strip').getByRole('link').last().click();
  await expect(page).toHaveURL(/\/categories\/$/);
  await page.locator('.site-footer__links a[href="/sitemap-page/"]').click();
  await expect(page).toHaveURL(/\/sitemap-page\/$/);
  expect(documents).toEqual([]);
});
