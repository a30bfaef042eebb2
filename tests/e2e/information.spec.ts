import { expect, test } from './fixtures';

const PAGES: [string, string][] = [
  ['terms', 'Terms of use'],
  ['privacy', 'Privacy policy'],
  ['cookies_policy', 'Cookie policy'],
  ['2257', '18 U.S.C. 2257 statement'],
  ['dmca', 'DMCA and copyright'],
  ['content-removal', 'Content removal'],
  ['help', 'Help and contact'],
  ['faq', 'Frequently asked questions'],
];

test('the information index links every information page, and each page reads as written', async ({
  page,
}) => {
  const res = await page.goto('/information/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('Information and policies');
  await expect(page).toHaveTitle('Information | VintageTube');
  const items = page.getByTestId('info-index-item');
  await expect(items).toHaveCount(PAGES.length);
  for (const [i, [, title]] of PAGES.entries()) await expect(items.nth(i).locator('h2')).toHaveText(title);

  for (const [slug, title] of PAGES) {
    const r = await page.goto(`/information/${slug}/`);
    expect(r?.status(), slug).toBe(200);
    await expect(page.locator('h1'), slug).toHaveText(title);
    await expect(page, slug).toHaveTitle(`${title} | VintageTube`);
    // Real text in several sections, never a placeholder string.
    expect(await page.locator('.info-section h2').count(), slug).toBeGreaterThanOrEqual(3);
    await expect(page.locator('article'), slug).not.toContainText(/lorem|\{\{/i);
  }

  // One click path: index → a page → back to the index.
  await page.goto('/information/');
  await page
    .locator('main')
    .getByRole('link', { name: /DMCA and copyright/ })
    .click();
  await expect(page).toHaveURL(/\/information\/dmca\/$/);
  await expect(page.getByText('Sending a takedown notice')).toBeVisible();
  await page.getByRole('link', { name: 'All information pages' }).click();
  await expect(page).toHaveURL(/\/information\/$/);
});

test('the 2257 page names adult performers and a custodian placeholder', async ({ page }) => {
  await page.goto('/information/2257/');
  await expect(page.locator('article')).toContainText('over the age of eighteen years');
  await expect(page.locator('address')).toContainText('[Name of the Custodian of Records]');
});

test('the help page has the contact form (sending it: tests/e2e/contact.spec.ts)', async ({ page }) => {
  await page.goto('/information/help/#contact');
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  const subject = contact.getByLabel('Subject');
  await expect(subject.locator('option')).toHaveText([
    'Copyright',
    'Technical problem',
    'Inappropriate content',
    'Non-consensual intimate imagery',
    'Advertising request',
  ]);
  await expect(contact.getByLabel('Your email')).toHaveAttribute('placeholder', 'you@example.com');
  await expect(contact.getByRole('button', { name: 'Send message' })).toBeEnabled();
});

test('an unknown information page is a 404', async ({ page }) => {
  const res = await page.goto('/information/contact/');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('Oops! Content not found!');
});

test('the footer links the information pages and the sitemap', async ({ page }) => {
  await page.goto('/information/');
  const footer = page.locator('footer');
  // Contact us opens the contact modal in place (its href is the help page's contact section).
  const contact = footer.getByRole('link', { name: 'Contact us' });
  await expect(contact).toHaveAttribute('href', '/information/help/#contact');
  await contact.click();
  await expect(page.getByTestId('contact-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('contact-modal')).toHaveCount(0);
  await footer.getByRole('link', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(/\/sitemap-page\/$/);
  await expect(page.locator('h1')).toHaveText('Sitemap');
});

test('the sitemap lists listings, every category, top pornstars and the information pages', async ({
  page,
  request,
}) => {
  const res = await page.goto('/sitemap-page/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('Sitemap');
  const videos = page.getByTestId('sitemap-videos');
  await expect(videos.getByRole('link', { name: 'Top rated vintage videos' })).toHaveAttribute(
    'href',
    '/videos/top-rated/1/',
  );
  await expect(videos.getByRole('link')).toHaveCount(10);

  const main = await (await request.get('/api/json/main/0/straight.en.json')).json();
  const categories = page.getByTestId('sitemap-categories').locator('li');
  // Every category, not only the top ones the main stats carry.
  expect(await categories.count()).toBeGreaterThanOrEqual(main.categories.length);
  await expect(categories.first()).toContainText(main.categories[0].title);
  await expect(categories.first()).toContainText(/\d+ videos?/);
  await expect(
    page.getByTestId('sitemap-models').getByRole('link', { name: main.models[0].title }),
  ).toHaveAttribute('href', `/model/${main.models[0].dir}/`);
  await expect(page.getByTestId('sitemap-albums').getByRole('link')).toHaveCount(4);
  await expect(page.getByTestId('sitemap-playlists').getByRole('link')).toHaveAttribute(
    'href',
    '/playlists/most-popular/1/',
  );
  await expect(page.getByTestId('sitemap-community').getByRole('link')).toHaveAttribute(
    'href',
    '/community/recent/1/',
  );
  await expect(page.getByTestId('sitemap-information').getByRole('link')).toHaveCount(9);
});

test('the landing page welcomes visitors with the top categories and a way in', async ({ page }) => {
  const res = await page.goto('/landing/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText('Welcome to VintageTube');
  await expect(page.getByText('A free archive of classic and vintage adult films').first()).toBeVisible();
  const categories = page.getByTestId('landing-categories').locator('li');
  await expect(categories).toHaveCount(12);
  await expect(categories.first().locator('a')).toHaveAttribute(
    'href',
    /^\/categories\/[a-z0-9-]+\/latest-updates\/1\/$/,
  );
  await expect(page.getByTestId('thumb').first()).toBeVisible();
  await page.getByTestId('landing-enter').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-block').first()).toBeVisible();
});
