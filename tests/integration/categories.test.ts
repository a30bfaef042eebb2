import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300, photos: 6 });
});
afterAll(() => sut.close());

const count = (query: string, ...params: unknown[]) =>
  (sut.db.$client.prepare(query).get(...params) as { n: number }).n;

describe('GET /api/json/categories/{lifetime}/{gender}.{section}.{lang}.json', () => {
  it('lists every category with its title in the language and its video total for the orientation', async () => {
    const path = '/api/json/categories/14400/straight.videos.de.json';
    const { res, body } = await sut.json(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=14400');
    expect(body.categories).toHaveLength(count('SELECT count(*) AS n FROM categories'));
    expect(Object.keys(body.categories[0]).sort()).toEqual(['dir', 'title', 'total_videos']);
    const first = body.categories[0];
    const expected = count(
      `SELECT count(*) AS n FROM videos v JOIN video_categories vc ON vc.video_id = v.id
       JOIN categories c ON c.id = vc.category_id
       WHERE c.dir = ? AND v.gender = 'straight' AND v.status_id = 1 AND v.is_private = 0`,
      first.dir,
    );
    expect(first.total_videos).toBe(expected);
    const german = sut.db.$client
      .prepare(
        "SELECT t.title FROM category_titles t JOIN categories c ON c.id = t.category_id WHERE c.dir = ? AND t.lang = 'de'",
      )
      .pluck()
      .get(first.dir);
    expect(first.title).toBe(german);
    const totals = body.categories.map((c: { total_videos: number }) => c.total_videos);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);

    const etag = res.headers.get('etag')!;
    expect((await sut.request(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('counts listed albums for the albums section', async () => {
    const { body } = await sut.json('/api/json/categories/0/straight.albums.en.json');
    const sum = body.categories.reduce((s: number, c: { total_videos: number }) => s + c.total_videos, 0);
    expect(sum).toBe(
      count(
        `SELECT count(*) AS n FROM album_categories ac JOIN albums a ON a.id = ac.album_id
         WHERE a.gender = 'straight' AND a.status_id = 1 AND a.is_private = 0`,
      ),
    );
  });

  it('lifetime 0 is fresh and not stored', async () => {
    const { res } = await sut.json('/api/json/categories/0/gay.videos.en.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it.each([
    ['/api/json/categories/x/straight.videos.en.json', 'bad_lifetime'],
    ['/api/json/categories/0/robots.videos.en.json', 'bad_gender'],
    ['/api/json/categories/0/straight.photos.en.json', 'bad_section'],
    ['/api/json/categories/0/straight.videos.xx.json', 'bad_lang'],
    ['/api/json/categories/0/straight.videos.json', 'bad_path'],
    ['/api/json/categories/0/straight.videos.en', 'bad_path'],
  ])('%s answers 400 %s', async (path, code) => {
    const { res, body } = await sut.json(path);
    expect(res.status).toBe(400);
    expect(body.code).toBe(code);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
