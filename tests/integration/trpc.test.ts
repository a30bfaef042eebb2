import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

const query = (path: string, input: unknown) =>
  sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

describe('tRPC over the same services', () => {
  it('lists videos with the listing service', async () => {
    const { res, body } = await query('videos.list', { sort: 'longest', page: 1, count: 10 });
    expect(res.status).toBe(200);
    const { items, totalCount } = body.result.data;
    expect(items).toHaveLength(10);
    expect(totalCount).toBeGreaterThan(200);
    const secs = items.map((v: { durationSec: number }) => v.durationSec);
    expect([...secs].sort((a, b) => b - a)).toEqual(secs);
  });

  it('gives the home blocks 25 each, top in the cookie country', async () => {
    const country = (
      sut.db.$client.prepare('SELECT country FROM video_country_views LIMIT 1').get() as { country: string }
    ).country;
    const res = await sut.request(`/trpc/videos.home?input=${encodeURIComponent('{}')}`, {
      headers: { cookie: `country=${country}` },
    });
    const blocks = ((await res.json()) as any).result.data;
    expect(blocks.country).toBe(country);
    expect(blocks.top.length).toBeGreaterThan(0);
    expect(blocks.popular).toHaveLength(25);
    expect(blocks.latest).toHaveLength(25);
    // The home page's loader asks for the top block only: the other two load in the browser.
    const topOnly = await sut.request(
      `/trpc/videos.home?input=${encodeURIComponent(JSON.stringify({ topOnly: true }))}`,
      { headers: { cookie: `country=${country}` } },
    );
    const top = ((await topOnly.json()) as any).result.data;
    expect(top).toEqual({ country, top: blocks.top, popular: [], latest: [] });
  });

  it('hands pages thumbs with only what a thumb shows, in every list and in the hydration data', async () => {
    const CARD = [
      'durationSec',
      'id',
      'isHd',
      'preview',
      'rating',
      'thumb',
      'thumb2x',
      'title',
      'url',
      'views',
    ];
    const keysOf = (v: object) => Object.keys(v).sort();
    const data = async (path: string, input: unknown) => {
      const { body } = await query(path, input);
      expect(body.error, path).toBeUndefined();
      return body.result.data;
    };
    const list = await data('videos.list', { sort: 'most-popular', page: 1, count: 5 });
    const home = await data('videos.home', {});
    const related = await data('videos.related', { id: list.items[0].id, page: 1 });
    const word = (list.items[0].title as string).split(' ').sort((x, y) => y.length - x.length)[0];
    const search = await data('search.videos', { text: word, page: 1 });
    expect(search.items.length).toBeGreaterThan(0);
    const thumbs = await data('videos.thumbs', { ids: [list.items[0].id] });
    const landing = await data('info.landing', undefined);
    const covers = Object.values(await data('catalog.covers', undefined));
    const topCountry = await data('videos.topCountry', { page: 1 });
    const uploader = sut.db.$client
      .prepare('SELECT uploader_id FROM videos WHERE status_id = 1 AND uploader_id IS NOT NULL LIMIT 1')
      .pluck()
      .get() as number;
    const uploads = await data('members.videos', { id: uploader, list: 'uploaded', page: 1 });
    const playlistId = sut.db.$client
      .prepare(
        `SELECT p.id FROM playlists p JOIN playlist_videos pv ON pv.playlist_id = p.id
         WHERE p.is_private = 0 LIMIT 1`,
      )
      .pluck()
      .get() as number;
    const playlist = await data('playlists.page', { id: playlistId, page: 1 });
    for (const l of [topCountry.listing, uploads, playlist.videos]) expect(l.items.length).toBeGreaterThan(0);
    for (const v of [
      ...list.items,
      ...home.top,
      ...home.popular,
      ...home.latest,
      ...related.items,
      ...search.items,
      ...thumbs,
      ...landing.popular,
      ...covers,
      ...topCountry.listing.items,
      ...uploads.items,
      ...playlist.videos.items,
    ])
      expect(keysOf(v)).toEqual(CARD);
    // A listing page's data, as its document and a client navigation carry it: no vote counts, post
    // dates, folders or screenshot URLs of its thumbs.
    const nav = await (await sut.request('/videos/most-popular/1.data')).text();
    expect(nav).toContain(list.items[0].title);
    for (const field of ['"postDate"', '"likes"', '"dislikes"', '"scr"']) expect(nav).not.toContain(field);
  });

  it('refuses bad input with a 400 and never a 500', async () => {
    const bad = await query('videos.list', { sort: 'newest', page: 0 });
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.data.code).toBe('BAD_REQUEST');
    const related = await query('videos.related', { id: 999_999, page: 1 });
    expect(related.res.status).toBe(404);
    expect(related.body.error.data.code).toBe('video_not_found');
  });

  it('returns null for a missing video and a signed link for an active one', async () => {
    expect((await query('videos.get', { id: 999_999 })).body.result.data).toBeNull();
    const link = (await query('videos.fileLink', { id: 1 })).body.result.data;
    expect(link.hls).toMatch(/^\/media\/\d+\/[\w-]+\/test~clip-1\/master\.m3u8$/);
  });
});
