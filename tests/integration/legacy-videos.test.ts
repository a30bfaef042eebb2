import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEGMENT_BYTES, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 600 });
});
afterAll(() => sut.close());

const LIST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';
const sql = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).all(...params) as T[];
const first = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;

describe('videos2 listing', () => {
  it('answers the legacy shape with public caching, an ETag and 304 on revalidation', async () => {
    const { res, body } = await sut.json(LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('rating')).toBe('RTA-5042-1996-1400-1577-RTA');
    expect(body.videos).toHaveLength(60);
    expect(body.total_count).toBeGreaterThan(400);
    expect(Object.keys(body.videos[0]).sort()).toEqual(
      [
        'dir',
        'duration',
        'is_hd',
        'post_date',
        'rating',
        'scr',
        'thumb',
        'thumbsrc',
        'title',
        'video_id',
        'video_viewed',
      ].sort(),
    );
    expect(body.videos[0].duration).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(body.videos[0].post_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await sut.request(LIST, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('lifetime 0 is computed fresh and not stored', async () => {
    const { res } = await sut.json('/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('orders by each sort', async () => {
    const get = async (sort: string, date = 'all') =>
      (await sut.json(`/api/json/videos2/0/straight/${sort}/60/all..1.all.0.${date}.json`)).body
        .videos as any[];
    const latest = await get('latest-updates');
    const dates = latest.map((v) => v.post_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const longest = await get('longest');
    const secs = longest.map((v) =>
      v.duration.split(':').reduce((s: number, p: string) => s * 60 + Number(p), 0),
    );
    expect([...secs].sort((a, b) => b - a)).toEqual(secs);
    const viewed = (await get('most-viewed')).map((v) => v.video_viewed);
    expect([...viewed].sort((a, b) => b - a)).toEqual(viewed);
    const rated = (await get('top-rated')).map((v) => v.rating);
    expect([...rated].sort((a, b) => b - a)).toEqual(rated);
    const orders = await Promise.all(
      ['latest-updates', 'longest', 'most-commented', 'most-popular', 'top-rated', 'most-viewed'].map(
        async (s) => (await get(s)).map((v) => v.video_id).join(','),
      ),
    );
    expect(new Set(orders).size).toBe(6);
    const popularByDate = await Promise.all(
      ['all', 'day', 'week', 'month'].map(async (d) =>
        (await get('most-popular', d)).map((v) => v.video_id).join(','),
      ),
    );
    expect(new Set(popularByDate).size).toBe(4);
  });

  it('filters by duration, hd, date, category (all of them) and country', async () => {
    const long = (await sut.json('/api/json/videos2/0/straight/latest-updates/60/all..1.all.3.all.json'))
      .body;
    for (const v of long.videos) expect(v.duration >= '00:40:00').toBe(true);
    const hd = (await sut.json('/api/json/videos2/0/straight/latest-updates/60/all..1.hd.0.all.json')).body;
    for (const v of hd.videos) expect(v.is_hd).toBe(1);
    const week = (await sut.json('/api/json/videos2/0/straight/top-rated/60/all..1.all.0.week.json')).body;
    const weekAgo = Date.now() - 7 * 86_400_000 - 60_000;
    for (const v of week.videos)
      expect(Date.parse(`${v.post_date.replace(' ', 'T')}Z`)).toBeGreaterThan(weekAgo);
    expect(week.total_count).toBeLessThan(long.total_count + 600);

    const cats = sql<{ dir: string }>('SELECT dir FROM categories ORDER BY total_videos DESC LIMIT 2').map(
      (c) => c.dir,
    );
    const both = (
      await sut.json(
        `/api/json/videos2/0/straight/latest-updates/60/categories.${cats.join(',')}.1.all.0.all.json`,
      )
    ).body;
    expect(both.total_count).toBeGreaterThan(0);
    for (const v of both.videos) {
      const has = sql<{ dir: string }>(
        'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ?',
        v.video_id,
      ).map((c) => c.dir);
      expect(has).toEqual(expect.arrayContaining(cats));
    }
    const country = first<{ country: string }>(
      'SELECT country FROM video_country_views GROUP BY country ORDER BY count(*) DESC',
    );
    const top = (
      await sut.json(
        `/api/json/videos2/0/straight/latest-updates/25/country.${country.country}.1.all.0.all.json`,
      )
    ).body;
    expect(top.videos.length).toBeGreaterThan(0);
  });

  it('totals from the listing facets match exact counts', async () => {
    const cat = first<{ id: number; dir: string }>(
      'SELECT id, dir FROM categories ORDER BY total_videos DESC LIMIT 1',
    );
    const exact = (extra: string, ...p: unknown[]) =>
      first<{ n: number }>(
        `SELECT count(*) AS n FROM videos v WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ${extra}`,
        ...p,
      ).n;
    const inCat =
      'AND EXISTS (SELECT 1 FROM video_categories vc WHERE vc.video_id = v.id AND vc.category_id = ?)';
    const total = async (path: string) =>
      (await sut.json(`/api/json/videos2/0/straight/longest/60/${path}.json`)).body.total_count;
    expect(await total('all..1.all.0.all')).toBe(exact(''));
    expect(await total('all..1.hd.2.all')).toBe(exact('AND is_hd = 1 AND duration_bucket = 2'));
    expect(await total(`categories.${cat.dir}.1.all.0.all`)).toBe(exact(inCat, cat.id));
    expect(await total(`categories.${cat.dir}.1.hd.1.all`)).toBe(
      exact(`${inCat} AND is_hd = 1 AND duration_bucket = 1`, cat.id),
    );
  });

  it('answers an empty page as an empty list', async () => {
    const { body } = await sut.json('/api/json/videos2/0/straight/latest-updates/60/all..999.all.0.all.json');
    expect(body.videos).toEqual([]);
  });

  it.each([
    ['bad sort', '/api/json/videos2/0/straight/newest/60/all..1.all.0.all.json', 'bad_sort'],
    ['bad gender', '/api/json/videos2/0/robots/latest-updates/60/all..1.all.0.all.json', 'bad_gender'],
    ['count 0', '/api/json/videos2/0/straight/latest-updates/0/all..1.all.0.all.json', 'bad_count'],
    ['count 101', '/api/json/videos2/0/straight/latest-updates/101/all..1.all.0.all.json', 'bad_count'],
    ['page 0', '/api/json/videos2/0/straight/latest-updates/60/all..0.all.0.all.json', 'bad_page'],
    ['page text', '/api/json/videos2/0/straight/latest-updates/60/all..x.all.0.all.json', 'bad_page'],
    ['duration 4', '/api/json/videos2/0/straight/latest-updates/60/all..1.all.4.all.json', 'bad_duration'],
    ['bad date', '/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.year.json', 'bad_date'],
    ['bad section', '/api/json/videos2/0/straight/latest-updates/60/tags.x.1.all.0.all.json', 'bad_section'],
    [
      '4 categories',
      '/api/json/videos2/0/straight/latest-updates/60/categories.a,b,c,d.1.all.0.all.json',
      'bad_object_id',
    ],
    [
      'injection',
      "/api/json/videos2/0/straight/latest-updates/60/categories.a'--.1.all.0.all.json",
      'bad_object_id',
    ],
    ['missing parts', '/api/json/videos2/0/straight/latest-updates/60/all..1.json', 'bad_path'],
    [
      'negative lifetime',
      '/api/json/videos2/-1/straight/latest-updates/60/all..1.all.0.all.json',
      'bad_lifetime',
    ],
  ])('%s answers a 400 JSON error', async (_name, path, code) => {
    const { res, body } = await sut.json(path);
    expect(res.status).toBe(400);
    expect(body.code).toBe(code);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('member lists follow the member privacy: public favourites, private history', async () => {
    const fav = await sut.json(
      '/api/json/videos2/0/straight/latest-updates/60/member.1.1.favourites.0.all.json',
    );
    expect(fav.res.status).toBe(200);
    expect(fav.body.total_count).toBeGreaterThanOrEqual(0);
    const { res, body } = await sut.json(
      '/api/json/videos2/0/straight/latest-updates/60/member.1.1.history.0.all.json',
    );
    expect(res.status).toBe(403);
    expect(body).toEqual({ error: 'You do not have permission to view.', code: 'permission_denied' });
  });
});

describe('main stats', () => {
  it('lists categories with titles in the language, keywords and models', async () => {
    const { res, body } = await sut.json('/api/json/main/14400/straight.de.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=14400');
    expect(body.categories.length).toBeGreaterThanOrEqual(40);
    expect(body.categories[0]).toEqual({
      dir: expect.any(String),
      title: expect.any(String),
      total_videos: expect.any(Number),
    });
    expect(body.categories.map((c: any) => c.title)).toContain('Schwarzweiß');
    expect(body.keywords.length).toBe(100);
    expect(body.models[0]).toEqual({
      dir: expect.any(String),
      title: expect.any(String),
      total_videos: expect.any(Number),
    });
    expect((await sut.json('/api/json/main/14400/straight.xx.json')).res.status).toBe(400);
  });
});

describe('video', () => {
  const activeId = () =>
    first<{ id: number }>('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1')
      .id;

  it('answers every field of the video', async () => {
    const id = activeId();
    const { res, body } = await sut.json(`/api/json/video/86400/0/${id}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    for (const key of [
      'video_id',
      'dir',
      'title',
      'description',
      'thumb',
      'thumbsrc',
      'scr',
      'duration',
      'post_date',
      'rating',
      'video_viewed',
      'status_id',
      'is_private',
      'gender',
      'sg_id',
      'ex_tube',
      'ex_id',
      'playlist_id',
      'channel',
      'member',
      'models',
      'categories',
      'statistics',
      'album_id',
    ]) {
      expect(body.video).toHaveProperty(key);
    }
    expect(body.video.statistics).toEqual({
      viewed: expect.any(Number),
      likes: expect.any(Number),
      dislikes: expect.any(Number),
      subscribers: expect.any(Number),
    });
    expect(body.video.timelines).toMatch(/^\/timelines\/160x90\/0\/\d+\.2\.5\.vtt$/);
  });

  it('checks the bucket, the id and answers deleted videos with status 5', async () => {
    expect((await sut.json(`/api/json/video/86400/1000/${activeId()}.json`)).res.status).toBe(404);
    const missing = await sut.json('/api/json/video/86400/999000/999999.json');
    expect(missing.res.status).toBe(404);
    expect(missing.body.code).toBe('video_not_found');
    expect((await sut.json('/api/json/video/86400/0/abc.json')).res.status).toBe(400);
    const deleted = first<{ id: number }>('SELECT id FROM videos WHERE status_id = 5 LIMIT 1');
    const gone = await sut.json(
      `/api/json/video/0/${Math.floor(deleted.id / 1000) * 1000}/${deleted.id}.json`,
    );
    expect(gone.body.video).toEqual({
      video_id: deleted.id,
      dir: expect.any(String),
      title: expect.any(String),
      status_id: 5,
      is_private: 0,
    });
  });

  it('hides unmoderated uploads', async () => {
    sut.db.$client.prepare('UPDATE videos SET status_id = 2 WHERE id = 3').run();
    expect((await sut.json('/api/json/video/0/0/3.json')).res.status).toBe(404);
  });
});

describe('related', () => {
  it('pages 12 related videos out of a triple-size cached chunk', async () => {
    const id = first<{ id: number }>(
      'SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1',
    ).id;
    const p1 = await sut.json(`/api/json/videos_related2/432000/12/0/${id}.all.1.json`);
    const p2 = await sut.json(`/api/json/videos_related2/432000/12/0/${id}.all.2.json`);
    expect(p1.res.headers.get('cache-control')).toBe('public, max-age=432000');
    expect(p1.body.videos).toHaveLength(12);
    expect(p2.body.videos).toHaveLength(12);
    const ids = [...p1.body.videos, ...p2.body.videos].map((v: any) => v.video_id);
    expect(new Set(ids).size).toBe(24);
    expect(ids).not.toContain(id);
    expect((await sut.json(`/api/json/videos_related2/432000/0/0/${id}.all.1.json`)).res.status).toBe(400);
    expect((await sut.json(`/api/json/videos_related2/432000/12/0/${id}.xx.1.json`)).res.status).toBe(400);
  });

  it("lists a model's other videos among each of its videos' related ones, never the video itself", async () => {
    // The model's most popular list is kept once for all its videos; each takes itself out of it.
    const model = first<{ model_id: number }>(
      `SELECT vm.model_id FROM video_models vm JOIN videos v ON v.id = vm.video_id
       WHERE v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'
       AND NOT EXISTS (SELECT 1 FROM video_models o WHERE o.video_id = v.id AND o.model_id != vm.model_id)
       GROUP BY vm.model_id HAVING count(*) BETWEEN 3 AND 12 LIMIT 1`,
    ).model_id;
    const own = sql<{ id: number }>(
      `SELECT v.id FROM video_models vm JOIN videos v ON v.id = vm.video_id
       WHERE vm.model_id = ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'
       AND NOT EXISTS (SELECT 1 FROM video_versions vv WHERE vv.video_id = v.id)`,
      model,
    ).map((r) => r.id);
    const solo = own.filter(
      (id) => first<{ n: number }>('SELECT count(*) AS n FROM video_models WHERE video_id = ?', id).n === 1,
    );
    expect(solo.length).toBeGreaterThanOrEqual(2);
    const [a, b] = solo as [number, number];
    const related = async (id: number) => {
      const ids: number[] = [];
      for (const page of [1, 2, 3]) {
        const { body } = await sut.json(`/api/json/videos_related2/0/12/0/${id}.all.${page}.json`);
        ids.push(...(body.videos as { video_id: number }[]).map((v) => v.video_id));
      }
      return ids;
    };
    const ofA = await related(a);
    const ofB = await related(b);
    expect(ofA).not.toContain(a);
    expect(ofA).toContain(b);
    expect(ofB).not.toContain(b);
    expect(ofB).toContain(a);
  });
});

describe('video file and media', () => {
  it('gives a signed URL that serves the HLS ladder with MIME types and byte ranges', async () => {
    // A video that shows the clip itself (longer ones loop it from their own directory).
    const id = first<{ id: number }>(
      "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path = 'test/clip-1' LIMIT 1",
    ).id;
    const { res, body } = await sut.json(`/api/videofile.php?video_id=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(body[0].format).toBe('hls');
    const url = Buffer.from(body[0].video_url, 'base64').toString();
    expect(url).toMatch(/^\/media\/\d+\/[\w-]+\/test~clip-1\/master\.m3u8$/);
    const master = await sut.request(url);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const segUrl = url.replace('master.m3u8', '360p/seg-0000.ts');
    const seg = await sut.request(segUrl, { headers: { range: 'bytes=100-199' } });
    expect(seg.status).toBe(206);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect(seg.headers.get('content-range')).toBe(`bytes 100-199/${SEGMENT_BYTES}`);
    expect((await seg.arrayBuffer()).byteLength).toBe(100);
    expect((await sut.request(segUrl, { headers: { range: 'bytes=5000-' } })).status).toBe(416);
    const forged = url.replace(/\/media\/(\d+)\/[\w-]+\//, '/media/$1/AAAAAAAAAAAAAAAAAAAAAAAAAAA/');
    expect((await sut.request(forged)).status).toBe(403);
    const expired = url.replace(/\/media\/\d+\//, '/media/1000/');
    expect((await sut.request(expired)).status).toBe(403);
    // Encoded traversal reaches the media handler, which must refuse it; a plain ../ is resolved by the
    // URL parser before routing and must not serve the file either.
    expect((await sut.request(url.replace('master.m3u8', '..%2F..%2F..%2Fsite.db'))).status).toBe(404);
    expect((await sut.request(url.replace('master.m3u8', '../../../site.db'))).status).not.toBe(200);
  });

  it('refuses bad ids and deleted videos', async () => {
    expect((await sut.json('/api/videofile.php?video_id=abc')).res.status).toBe(400);
    const deleted = first<{ id: number }>('SELECT id FROM videos WHERE status_id = 5 LIMIT 1');
    expect((await sut.json(`/api/videofile.php?video_id=${deleted.id}`)).res.status).toBe(404);
  });

  it('serves the seek-preview VTT at the spec path with absolute sprite URLs', async () => {
    const id = first<{ id: number }>(
      "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path = 'test/clip-1' LIMIT 1",
    ).id;
    const path = `/timelines/160x90/${Math.floor(id / 1000) * 1000}/${id}.2.5.vtt`;
    const res = await sut.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=2592000');
    const text = await res.text();
    expect(text).toContain('/thumbs/test/clip-1/sprites/sprite-001.jpg#xywh=160,0,160,90');
    expect((await sut.request(path.replace('.2.5.vtt', '.3.5.vtt'))).status).toBe(404);
    const img = await sut.request('/thumbs/test/clip-1/sprites/sprite-001.jpg');
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect((await sut.request('/thumbs/test/clip-1/master.m3u8')).status).toBe(404);
  });
});

describe('view statistics', () => {
  it('counts act=view in batches, by country unless nogeo', async () => {
    const id = first<{ id: number }>(
      'SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 LIMIT 1',
    ).id;
    const before = first<{ video_viewed: number }>(
      'SELECT video_viewed FROM videos WHERE id = ?',
      id,
    ).video_viewed;
    const post = (body: string, headers: Record<string, string> = {}) =>
      sut.json('/api/stats.php', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const ok = await post(`act=view&section=video&object_id=${id}`, { 'cf-ipcountry': 'NZ' });
    expect(ok.body).toEqual({ ok: true });
    // Another visitor (a view counts once per visitor and video).
    await post(`act=view&section=video&object_id=${id}&nogeo=1`, {
      'cf-ipcountry': 'NZ',
      cookie: 'vt_visitor=another-visitor-000000',
    });
    expect(
      first<{ video_viewed: number }>('SELECT video_viewed FROM videos WHERE id = ?', id).video_viewed,
    ).toBe(before);
    await sut.services.views.flush();
    expect(
      first<{ video_viewed: number }>('SELECT video_viewed FROM videos WHERE id = ?', id).video_viewed,
    ).toBe(before + 2);
    expect(
      first<{ views: number }>(
        "SELECT views FROM video_country_views WHERE country = 'nz' AND video_id = ?",
        id,
      ).views,
    ).toBe(1);
    expect((await post('act=view&section=video&object_id=99999999')).res.status).toBe(404);
    expect((await post('act=dance&section=video&object_id=1')).body.code).toBe('unsupported_act');
    expect((await post('act=view&section=video&object_id=x')).body).toMatchObject({
      code: 'bad_object_id',
      field: 'object_id',
    });
  });
});

describe('pages routing', () => {
  it('answers 301 to the slash form of a page path, keeping the query', async () => {
    const res = await sut.request('/videos/top-rated/2?date=week');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/videos/top-rated/2/?date=week');
    expect((await sut.request('/api/json/main/14400/straight.en.json')).status).toBe(200);
  });
});
