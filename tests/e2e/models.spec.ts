import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const names = (page: Page) =>
  page
    .getByTestId('model-thumb')
    .evaluateAll((els) => els.map((e) => e.querySelector('h3')?.textContent ?? ''));

test('the model listing filters by letter and by attribute', async ({ page, request }) => {
  await page.goto('/models/most-popular/1/');
  await expect(page.locator('h1')).toHaveText('Most popular classic pornstars');
  const cards = page.getByTestId('model-thumb');
  await expect(cards).toHaveCount(60);
  const all = await names(page);

  await page.getByRole('link', { name: 'L', exact: true }).click();
  await expect(page).toHaveURL(/\/models\/most-popular\/1\/\?alphabet=l$/);
  await expect.poll(async () => (await names(page)).join('|')).not.toBe(all.join('|'));
  const ls = await names(page);
  expect(ls.length).toBeGreaterThan(0);
  expect(ls.every((n) => n.startsWith('L'))).toBe(true);

  await page.getByTestId('filter-race').selectOption('asian');
  await expect(page).toHaveURL(/\?alphabet=l&race=asian$/);
  await expect.poll(async () => (await names(page)).length).toBeLessThan(ls.length);

  await page.getByRole('link', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/models\/most-popular\/1\/$/);
  await expect(cards).toHaveCount(60);

  await page.getByRole('link', { name: 'A–Z' }).click();
  await expect(page).toHaveURL(/\/models\/alphabet\/1\/$/);
  const isSorted = (list: string[]) => list.every((n, i) => i === 0 || list[i - 1] <= n);
  await expect.poll(async () => isSorted(await names(page))).toBe(true);

  await page.goto('/models/most-popular/1/?alphabet=q&race=ebony&age=4&tattoo=1&piercing=1&height=4');
  await expect(page.getByTestId('empty-state')).toHaveText('Models not found');

  const r = await request.get('/models/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/models/most-popular/1/');
});

/** Model 1 of the demo seed (its models come first, from the seed's fixed random stream). */
const MODEL_WITH_WALL = 'Lena Varga';

test('the model page shows stats and its info, wall and videos tabs', async ({ page, request }) => {
  await page.goto('/models/most-popular/1/');
  // The demo seed gives model 1 its wall (seedModelExtras); where it ranks depends on the day's views.
  const card = page.getByTestId('model-thumb').filter({ hasText: MODEL_WITH_WALL });
  const name = (await card.locator('h3').textContent())!;
  await card.locator('a').first().click();
  await expect(page).toHaveURL(/\/model\/[a-z0-9-]+\/$/);
  const dir = new URL(page.url()).pathname.split('/')[2];
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.getByTestId('model-stats')).toContainText('Videos');
  await expect(page.getByTestId('thumb').first()).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Pornstar sections' });
  await tabs.getByRole('link', { name: 'Info', exact: true }).click();
  await expect(page).toHaveURL(`/model/${dir}/info/`);
  await expect(page.getByTestId('model-attributes')).toContainText('Ethnicity');

  await tabs.getByRole('link', { name: 'Videos', exact: true }).click();
  await expect(page).toHaveURL(`/model/${dir}/videos/1/`);
  await expect(page.getByTestId('thumb').first()).toBeVisible();

  await tabs.getByRole('link', { name: 'Wall', exact: true }).click();
  await expect(page).toHaveURL(`/model/${dir}/wall/`);
  await expect(page.getByTestId('wall-post').first()).toBeVisible();

  const redirects: [string, string][] = [
    [`/models/${dir}/videos/2/`, `/model/${dir}/videos/2/`],
    [`/models/${dir}/wall/2/`, `/model/${dir}/wall/2/`],
    [`/model/${dir}/videos/`, `/model/${dir}/videos/1/`],
    [`/model/${dir}/wall/1/`, `/model/${dir}/wall/`],
    [`/models/${dir}/`, `/model/${dir}/`],
  ];
  for (const [from, to] of redirects) {
    const r = await request.get(from, { maxRedirects: 0 });
    expect(r.status(), from).toBe(301);
    expect(r.headers().location, from).toBe(to);
  }
  const missing = await page.goto('/model/nobody-at-all/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Oops! Content not found!')).toBeVisible();
});

test('the busiest model wall pages through its posts, 10 at a time', async ({ page }) => {
  // The seed gives the first model (lena-varga in the demo data) a wall of more than ten posts.
  await page.goto('/models/most-popular/1/');
  const walls = await page
    .getByTestId('model-thumb')
    .locator('a')
    .evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).pathname));
  let found = false;
  for (const href of walls.slice(0, 5)) {
    await page.goto(`${href}wall/`);
    if ((await page.getByTestId('wall-post').count()) === 10) {
      found = true;
      await page.getByRole('link', { name: 'Page 2' }).first().click();
      await expect(page).toHaveURL(`${href}wall/2/`);
      await expect(page.getByTestId('wall-post').first()).toBeVisible();
      break;
    }
  }
  expect(found).toBe(true);
});
