import { expect, test } from './fixtures';

test('the album listing shows albums, sorts and pages, with server redirects', async ({ page, request }) => {
  await page.goto('/albums/latest-updates/1/');
  await expect(page.locator('h1')).toHaveText('Latest vintage photo albums');
  const thumbs = page.getByTestId('album-thumb');
  await expect(thumbs).toHaveCount(60);
  await expect(thumbs.first()).toContainText(/\d+ photos?/);
  const first = await thumbs.first().locator('h3').textContent();
  await page.getByRole('link', { name: 'Most viewed' }).click();
  await expect(page).toHaveURL(/\/albums\/most-viewed\/1\/$/);
  await expect.poll(async () => thumbs.first().locator('h3').textContent()).not.toBe(first);
  await page.getByRole('link', { name: 'Page 2' }).first().click();
  await expect(page).toHaveURL(/\/albums\/most-viewed\/2\/$/);
  await expect(thumbs.first()).toBeVisible();

  const past = await page.goto('/albums/latest-updates/99/');
  expect(past?.status()).toBe(200);
  await expect(page.getByTestId('empty-state')).toHaveText('Albums not found');

  const redirects: [string, string][] = [
    ['/albums/', '/albums/latest-updates/1/'],
    ['/albums/top-rated/', '/albums/top-rated/1/'],
    ['/albums/categories/retro/3/', '/albums/latest-updates/3/'],
  ];
  for (const [from, to] of redirects) {
    const r = await request.get(from, { maxRedirects: 0 });
    expect(r.status(), from).toBe(301);
    expect(r.headers().location, from).toBe(to);
  }
  const unknown = await request.get('/albums/newest/1/', { maxRedirects: 0 });
  expect(unknown.headers().location).toBe('/404/');
});

test('the album page opens a photo viewer that moves with the arrow keys', async ({ page, request }) => {
  await page.goto('/albums/latest-updates/1/');
  const card = page.getByTestId('album-thumb').first();
  const href = (await card.locator('a').first().getAttribute('href'))!;
  const [, id, dir] = /^\/album\/(\d+)\/([a-z0-9-]+)\/$/.exec(href)!;

  // Old and wrong URLs answer 301 to the canonical one.
  for (const from of [`/albums/${id}/`, `/albums/${id}/${dir}/`, `/album/${id}/wrong-dir/`]) {
    const r = await request.get(from, { maxRedirects: 0 });
    expect(r.status(), from).toBe(301);
    expect(r.headers().location, from).toBe(href);
  }

  const viewed = page.waitForRequest((r) => r.url().includes('/trpc/stats.albumView'));
  await card.locator('a').first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await viewed;
  const photos = page.getByTestId('photo-thumb');
  const total = await photos.count();
  expect(total).toBeGreaterThan(1);
  await expect(page.locator('h1')).not.toBeEmpty();

  await photos.nth(0).click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer).toBeVisible();
  const counter = page.getByTestId('photo-counter');
  await expect(counter).toHaveText(`1 / ${total}`);
  const image = page.getByTestId('photo-viewer-image');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const firstId = await image.getAttribute('data-photo-id');

  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${total}`);
  await expect(image).not.toHaveAttribute('data-photo-id', firstId!);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`${total} / ${total}`);
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('private and unknown albums', async ({ page }) => {
  const priv = await page.goto('/album/201/private-family-reels/');
  expect(priv?.status()).toBe(403);
  await expect(page.getByText('You do not have permission to view.')).toBeVisible();
  const pending = await page.goto('/album/202/awaiting-review/');
  expect(pending?.status()).toBe(404);
  await expect(page.getByText('Oops! Content not found!')).toBeVisible();
});
