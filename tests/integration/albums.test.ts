import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 200, photos: 6 });
});
afterAll(() => sut.close());

const first = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;
const LIST = '/api/json/albums/86400/straight/latest-updates/60/all..1.json';
const bucketOf = (id: number) => Math.floor(id / 1000) * 1000;
const albumPath = (id: number, lifetime = 86400) => `/api/json/album/${lifetime}/${bucketOf(id)}/${id}.json`;
const publicAlbum = () =>
  first<{ id: number; dir: string; photos_amount: number; uploader_id: number }>(
    `SELECT id, dir, photos_amount, uploader_id FROM albums WHERE status_id = 1 AND is_private = 0
     AND gender = 'straight' ORDER BY album_viewed DESC LIMIT 1`,
  );

describe('albums listing', () => {
  it('answers the legacy shape with public caching, an ETag and 304 on revalidation', async () => {
    const { res, body } = await sut.json(LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const listed = first<{ n: number }>(
      "SELECT count(*) AS n FROM albums WHERE status_id = 1 AND is_private = 0 AND gender = 'straight'",
    ).n;
    expect(body.total_count).toBe(listed);
    expect(body.albums).toHaveLength(Math.min(60, listed));
    expect(Object.keys(body.albums[0]).sort()).toEqual(
      ['album_id', 'album_viewed', 'dir', 'photos_amount', 'post_date', 'rating', 'scr', 'title'].sort(),
    );
    expect(body.albums[0].scr).toMatch(/^\/thumbs\/test\/photos\/photo-\d\.jpg$/);
    expect(body.albums[0].post_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await sut.request(LIST, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await sut.request(body.albums[0].scr)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('lifetime 0 is computed fresh and not stored', async () => {
    const { res, body } = await sut.json('/api/json/albums/0/straight/latest-updates/60/all..1.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(body.albums.length).toBeGreaterThan(0);
  });

  it('orders by each sort and never lists private or unapproved albums', async () => {
    const get = async (sort: string, count = 100, page = 1) =>
      (await sut.json(`/api/json/albums/0/straight/${sort}/${count}/all..${page}.json`)).body;
    const latest = (await get('latest-updates')).albums.map((a: any) => a.post_date);
    expect([...latest].sort().reverse()).toEqual(latest);
    const viewed = (await get('most-viewed')).albums.map((a: any) => a.album_viewed);
    expect([...viewed].sort((a, b) => b - a)).toEqual(viewed);
    const rated = (await get('top-rated')).albums.map((a: any) => a.rating);
    expect([...rated].sort((a, b) => b - a)).toEqual(rated);
    const all = [
      ...(await get('most-commented', 100, 1)).albums,
      ...(await get('most-commented', 100, 2)).albums,
    ];
    const ids = all.map((a: any) => a.album_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(201);
    expect(ids).not.toContain(202);
    // Pages do not overlap and a page past the end is empty.
    const p1 = (await get('latest-updates', 10, 1)).albums.map((a: any) => a.album_id);
    const p2 = (await get('latest-updates', 10, 2)).albums.map((a: any) => a.album_id);
    expect(p1.filter((id: number) => p2.includes(id))).toEqual([]);
    const past = await get('latest-updates', 60, 50);
    expect(past.albums).toEqual([]);
    expect(past.total_count).toBeGreaterThan(0);
  });

  it('filters by category, model and member, and by orientation', async () => {
    const cat = first<{ dir: string; n: number }>(
      `SELECT c.dir, count(*) AS n FROM album_categories ac JOIN categories c ON c.id = ac.category_id
       JOIN albums a ON a.id = ac.album_id WHERE a.status_id = 1 AND a.is_private = 0 AND a.gender = 'straight'
       GROUP BY c.id ORDER BY n DESC LIMIT 1`,
    );
    const byCat = (
      await sut.json(`/api/json/albums/0/straight/latest-updates/60/categories.${cat.dir}.1.json`)
    ).body;
    expect(byCat.total_count).toBe(cat.n);
    const model = first<{ dir: string; n: number }>(
      `SELECT m.dir, count(*) AS n FROM album_models am JOIN models m ON m.id = am.model_id
       JOIN albums a ON a.id = am.album_id WHERE a.status_id = 1 AND a.is_private = 0 AND a.gender = 'straight'
       GROUP BY m.id ORDER BY n DESC LIMIT 1`,
    );
    const byModel = (
      await sut.json(`/api/json/albums/0/straight/latest-updates/60/models.${model.dir}.1.json`)
    ).body;
    expect(byModel.total_count).toBe(model.n);
    const up = publicAlbum();
    const byMember = (
      await sut.json(`/api/json/albums/0/straight/latest-updates/60/member.${up.uploader_id}.1.json`)
    ).body;
    expect(byMember.albums.map((a: any) => a.album_id)).toContain(up.id);
    const unknown = (
      await sut.json('/api/json/albums/0/straight/latest-updates/60/categories.no-such.1.json')
    ).body;
    expect(unknown).toEqual({ albums: [], total_count: 0 });
    const gay = (await sut.json('/api/json/albums/0/gay/latest-updates/60/all..1.json')).body;
    const gayCount = first<{ n: number }>(
      "SELECT count(*) AS n FROM albums WHERE status_id = 1 AND is_private = 0 AND gender = 'gay'",
    ).n;
    expect(gay.total_count).toBe(gayCount);
  });

  it('answers bad segments with 4xx JSON', async () => {
    const bad: [string, string][] = [
      ['/api/json/albums/x/straight/latest-updates/60/all..1.json', 'bad_lifetime'],
      ['/api/json/albums/0/robots/latest-updates/60/all..1.json', 'bad_gender'],
      ['/api/json/albums/0/straight/longest/60/all..1.json', 'bad_sort'],
      ['/api/json/albums/0/straight/latest-updates/0/all..1.json', 'bad_count'],
      ['/api/json/albums/0/straight/latest-updates/101/all..1.json', 'bad_count'],
      ['/api/json/albums/0/straight/latest-updates/60/all..0.json', 'bad_page'],
      ['/api/json/albums/0/straight/latest-updates/60/all.x.1.json', 'bad_object_id'],
      ['/api/json/albums/0/straight/latest-updates/60/member.abc.1.json', 'bad_object_id'],
      ['/api/json/albums/0/straight/latest-updates/60/categories.Bad_Dir.1.json', 'bad_object_id'],
      ['/api/json/albums/0/straight/latest-updates/60/country.de.1.json', 'bad_section'],
      ['/api/json/albums/0/straight/latest-updates/60/all.1.json', 'bad_path'],
      ['/api/json/albums/0/straight/latest-updates/all..1.json', 'bad_path'],
    ];
    for (const [path, code] of bad) {
      const { res, body } = await sut.json(path);
      expect(res.status, path).toBe(400);
      expect(body.code, path).toBe(code);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('album answer', () => {
  it('answers the album with its photos in order, uploader, categories and models', async () => {
    const album = first<{ id: number }>('SELECT album_id AS id FROM album_models LIMIT 1');
    const { res, body } = await sut.json(albumPath(album.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toBeTruthy();
    const a = body.album;
    expect(Object.keys(a).sort()).toEqual(
      [
        'album_id',
        'album_viewed',
        'categories',
        'description',
        'dir',
        'models',
        'photos',
        'photos_amount',
        'post_date',
        'scr',
        'title',
        'user',
      ].sort(),
    );
    expect(a.album_id).toBe(album.id);
    expect(a.photos).toHaveLength(a.photos_amount);
    expect(Object.keys(a.photos[0]).sort()).toEqual(['height', 'photo_id', 'url', 'width']);
    const positions = sut.db.$client
      .prepare('SELECT id FROM photos WHERE album_id = ? ORDER BY position')
      .pluck()
      .all(album.id);
    expect(a.photos.map((p: any) => p.photo_id)).toEqual(positions);
    expect(a.photos[0].url).toMatch(/^\/thumbs\/test\/photos\//);
    expect(Object.keys(a.user).sort()).toEqual(['_id', 'avatar', 'name']);
    expect(a.categories.length).toBeGreaterThan(0);
    expect(Object.keys(a.categories[0]).sort()).toEqual(['dir', 'title']);
    expect(a.models).toHaveLength(1);
    const zero = await sut.json(albumPath(album.id, 0));
    expect(zero.res.headers.get('cache-control')).toBe('no-store');
    expect(zero.res.headers.get('etag')).toBeNull();
  });

  it('refuses private, unapproved, missing and mis-bucketed albums', async () => {
    const priv = await sut.json(albumPath(201));
    expect(priv.res.status).toBe(403);
    expect(priv.body).toEqual({ error: 'You do not have permission to view.', code: 'no_permission' });
    expect(priv.res.headers.get('cache-control')).toBe('no-store');
    const pending = await sut.json(albumPath(202));
    expect(pending.res.status).toBe(404);
    expect(pending.body.code).toBe('album_not_found');
    expect((await sut.json(albumPath(987_654))).body.code).toBe('album_not_found');
    const wrongBucket = await sut.json('/api/json/album/86400/1000/5.json');
    expect(wrongBucket.res.status).toBe(404);
    expect(wrongBucket.body.code).toBe('not_found');
    const badBucket = await sut.json('/api/json/album/86400/x/5.json');
    expect(badBucket.res.status).toBe(400);
    expect(badBucket.body.code).toBe('bad_bucket');
    expect((await sut.json('/api/json/album/86400/0/5.xml')).body.code).toBe('bad_path');
    expect((await sut.json('/api/json/album/x/0/5.json')).body.code).toBe('bad_lifetime');
  });
});

describe('album views', () => {
  it('counts act=view section=album in batches', async () => {
    const { id } = publicAlbum();
    const views = () => first<{ n: number }>('SELECT album_viewed AS n FROM albums WHERE id = ?', id).n;
    const before = views();
    const post = (body: string, cookie = '') =>
      sut.json('/api/stats.php', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
    expect((await post(`act=view&section=album&object_id=${id}`)).body).toEqual({ ok: true });
    // Another visitor (a view counts once per visitor and album).
    await post(`act=view&section=album&object_id=${id}`, 'vt_visitor=another-visitor-000000');
    expect(views()).toBe(before);
    await sut.services.views.flush();
    expect(views()).toBe(before + 2);
    const missing = await post('act=view&section=album&object_id=202');
    expect(missing.res.status).toBe(404);
    expect(missing.body.code).toBe('album_not_found');
    expect((await post('act=view&section=channel&object_id=1')).body.code).toBe('bad_section');
  });

  it('counts the tRPC album view the album page sends', async () => {
    const { id } = publicAlbum();
    const before = first<{ n: number }>('SELECT album_viewed AS n FROM albums WHERE id = ?', id).n;
    const res = await sut.request('/trpc/stats.albumView', {
      method: 'POST',
      body: JSON.stringify({ albumId: id }),
      // A visitor of its own: the test above already counted this album for the cookie-less one.
      headers: { 'content-type': 'application/json', cookie: 'vt_visitor=trpc-visitor-000000000' },
    });
    expect(res.status).toBe(200);
    await sut.services.views.flush();
    expect(first<{ n: number }>('SELECT album_viewed AS n FROM albums WHERE id = ?', id).n).toBe(before + 1);
  });
});
