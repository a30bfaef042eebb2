import { expect, test } from './fixtures';

test('the playlists listing shows playlists and its sorts', async ({ page, request }) => {
  const r = await request.get('/playlists/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/playlists/most-popular/1/');
  await page.goto('/playlists/most-popular/1/');
  await expect(page.locator('h1')).toHaveText('Most popular playlists');
  const cards = page.getByTestId('playlist-thumb');
  await expect(cards).toHaveCount(60);
  await expect(cards.first()).toContainText(/\d+ videos?/);
  const first = await cards.first().locator('h3').textContent();
  await page.getByRole('link', { name: 'Recently updated', exact: true }).click();
  await expect(page).toHaveURL(/\/playlists\/recent\/1\/$/);
  await expect.poll(async () => cards.first().locator('h3').textContent()).not.toBe(first);
});

test('a playlist page lists its videos linked with the playlist, and a private one says so', async ({
  page,
  request,
}) => {
  const listing = await (
    await request.get('/api/json/playlists/0/most-popular/60/all.1.straight..json')
  ).json();
  const id = listing.playlists[0].playlist_id as number;
  const r = await request.get(`/playlist/${id}/`, { maxRedirects: 0 });
  expect(r.headers().location).toBe(`/playlist/${id}/1/`);
  await page.goto(`/playlist/${id}/1/`);
  await expect(page.locator('h1')).toHaveText(listing.playlists[0].title);
  const thumb = page.getByTestId('thumb').first();
  await expect(thumb).toBeVisible();
  await expect(thumb.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`\\?playlist=${id}&pl_page=1$`),
  );

  // Find a private playlist: its page answers 403 with the notice.
  let privateId = 0;
  for (let n = 1; n < 400 && !privateId; n++) {
    const res = await request.get(`/api/json/playlist/0/0/${n}.json`);
    if (res.status() === 403) privateId = n;
  }
  expect(privateId).toBeGreaterThan(0);
  const resp = await page.goto(`/playlist/${privateId}/1/`);
  expect(resp?.status()).toBe(403);
  await expect(page.getByText('Playlist is private')).toBeVisible();
});

test('the playlist strip on a video page shows 8 at a time and loads the pages on either side', async ({
  page,
  request,
}) => {
  const listing = await (
    await request.get('/api/json/playlists/0/most-popular/60/all.1.straight..json')
  ).json();
  const long = listing.playlists.find((p: { videos_count: number }) => p.videos_count > 120);
  expect(long).toBeTruthy();
  const pageOf = async (n: number) =>
    (
      await (
        await request.get(
          `/api/json/videos2/0/straight/latest-updates/60/playlist.${long.playlist_id}.${n}.all.0.all.json`,
        )
      ).json()
    ).videos as { video_id: number; dir: string }[];
  const [one, two, three] = [await pageOf(1), await pageOf(2), await pageOf(3)];
  const current = two[3];
  await page.goto(`/videos/${current.video_id}/${current.dir}/?playlist=${long.playlist_id}&pl_page=2`);
  const strip = page.getByTestId('playlist-strip');
  await expect(strip.getByRole('heading')).toHaveText(long.title);
  const items = strip.getByTestId('playlist-strip-item');
  await expect(items).toHaveCount(two.length);
  await expect(strip.locator('[aria-current="true"]')).toHaveCount(1);

  // Once hydrated the strip scrolls its current video into view: wait for that before scrolling it, or
  // that first scroll would undo ours.
  const list = strip.locator('ol');
  await expect.poll(() => list.evaluate((ol) => ol.scrollLeft)).toBeGreaterThan(0);

  // Eight thumbs fit the strip's width.
  const visible = await list.evaluate((ol) => {
    const box = ol.getBoundingClientRect();
    return [...ol.querySelectorAll('li[data-testid]')].filter((li) => {
      const r = li.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
  expect(visible).toBe(8);

  await list.evaluate((ol) => {
    ol.scrollLeft = ol.scrollWidth;
  });
  await expect(items).toHaveCount(two.length + three.length);
  await list.evaluate((ol) => {
    ol.scrollLeft = 0;
  });
  await expect(items).toHaveCount(one.length + two.length + three.length);
  await expect(items.first().getByRole('link')).toHaveAttribute('href', /pl_page=1$/);
});
