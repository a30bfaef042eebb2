import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

const first = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;
const count = (where = '1', ...params: unknown[]) =>
  first<{ n: number }>(`SELECT count(*) AS n FROM models WHERE gender = 'straight' AND ${where}`, ...params)
    .n;
const NO_FILTERS = 'filt.........';
const list = (filt = NO_FILTERS, sort = 'most-popular', lifetime = 0, countParam = 60, page = 1) =>
  sut.json(`/api/json/models/${lifetime}/straight/${filt}/${sort}/${countParam}/${page}.json`);

describe('models listing', () => {
  it('answers the legacy shape with model caching (lifetime 3600), an ETag and 304', async () => {
    const path = `/api/json/models/3600/straight/${NO_FILTERS}/most-popular/60/1.json`;
    const { res, body } = await sut.json(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(body.total_count).toBe(count());
    expect(body.models).toHaveLength(60);
    expect(Object.keys(body.models[0]).sort()).toEqual(['country', 'dir', 'scr', 'statistics', 'title']);
    expect(Object.keys(body.models[0].statistics).sort()).toEqual(['subscribers', 'videos', 'viewed']);
    expect(body.models[0].scr).toMatch(/^\/thumbs\/test\/clip-1(-x\d+)?\/thumb@2x\.jpg$/);
    expect((await sut.request(path, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('lifetime 0 is computed fresh and not stored', async () => {
    const { res } = await list();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('orders by each of the six sorts', async () => {
    const get = async (sort: string) => (await list(NO_FILTERS, sort, 0, 100)).body.models as any[];
    const videos = (await get('count-videos')).map((m) => m.statistics.videos);
    expect([...videos].sort((a, b) => b - a)).toEqual(videos);
    const subs = (await get('count-subs')).map((m) => m.statistics.subscribers);
    expect([...subs].sort((a, b) => b - a)).toEqual(subs);
    const viewed = (await get('most-viewed')).map((m) => m.statistics.viewed);
    expect([...viewed].sort((a, b) => b - a)).toEqual(viewed);
    const names = (await get('alphabet')).map((m) => m.title);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const top = first<{ dir: string }>(
      "SELECT dir FROM models WHERE gender = 'straight' ORDER BY popularity DESC, id DESC LIMIT 1",
    );
    expect((await get('most-popular'))[0].dir).toBe(top.dir);
    const newest = first<{ dir: string }>(
      "SELECT dir FROM models WHERE gender = 'straight' ORDER BY created_at DESC, id DESC LIMIT 1",
    );
    expect((await get('recent'))[0].dir).toBe(newest.dir);
  });

  it('applies each of the 10 filters, alone and together', async () => {
    const cases: [string, string, unknown[]][] = [
      ['filtl.........', 'alphabet = ?', ['l']],
      ['filt.asian........', 'race = ?', ['asian']],
      ['filt..2.......', 'age = ?', [2]],
      ['filt...de......', 'country = ?', ['de']],
      ['filt....huge.....', 'tits_size = ?', ['huge']],
      ['filt.....5....', 'hair_color = ?', [5]],
      ['filt......4...', 'height = ?', [4]],
      ['filt.......1..', 'weight = ?', [1]],
      ['filt........2.', 'tattoo = ?', [2]],
      ['filt.........1', 'piercing = ?', [1]],
      ['filt.caucasian.......2.1', 'race = ? AND tattoo = ? AND piercing = ?', ['caucasian', 2, 1]],
    ];
    for (const [filt, where, params] of cases) {
      const { res, body } = await list(filt, 'alphabet', 0, 100);
      expect(res.status, filt).toBe(200);
      const expected = count(where, ...params);
      expect(body.total_count, filt).toBe(expected);
      expect(expected, filt).toBeLessThan(count());
    }
    const l = (await list('filtl.........', 'alphabet', 0, 100)).body.models as any[];
    expect(l.every((m) => m.title.toLowerCase().startsWith('l'))).toBe(true);
    const de = (await list('filt...de......', 'alphabet', 0, 100)).body.models as any[];
    expect(de.every((m) => m.country === 'de')).toBe(true);
  });

  it('answers bad segments with 4xx JSON', async () => {
    const bad: [string, string][] = [
      ['/api/json/models/x/straight/filt........./most-popular/60/1.json', 'bad_lifetime'],
      ['/api/json/models/0/women/filt........./most-popular/60/1.json', 'bad_gender'],
      ['/api/json/models/0/straight/filt......../most-popular/60/1.json', 'bad_filt'],
      ['/api/json/models/0/straight/filt........../most-popular/60/1.json', 'bad_filt'],
      ['/api/json/models/0/straight/flit........./most-popular/60/1.json', 'bad_filt'],
      ['/api/json/models/0/straight/filtab........./most-popular/60/1.json', 'bad_alphabet'],
      ['/api/json/models/0/straight/filt.martian......../most-popular/60/1.json', 'bad_race'],
      ['/api/json/models/0/straight/filt..5......./most-popular/60/1.json', 'bad_age'],
      ['/api/json/models/0/straight/filt...DE....../most-popular/60/1.json', 'bad_country'],
      ['/api/json/models/0/straight/filt....xl...../most-popular/60/1.json', 'bad_tits_size'],
      ['/api/json/models/0/straight/filt.....6..../most-popular/60/1.json', 'bad_hair_color'],
      ['/api/json/models/0/straight/filt......0.../most-popular/60/1.json', 'bad_height'],
      ['/api/json/models/0/straight/filt.......9../most-popular/60/1.json', 'bad_weight'],
      ['/api/json/models/0/straight/filt........3./most-popular/60/1.json', 'bad_tattoo'],
      ['/api/json/models/0/straight/filt.........x/most-popular/60/1.json', 'bad_piercing'],
      ['/api/json/models/0/straight/filt........./newest/60/1.json', 'bad_sort'],
      ['/api/json/models/0/straight/filt........./most-popular/101/1.json', 'bad_count'],
      ['/api/json/models/0/straight/filt........./most-popular/60/0.json', 'bad_page'],
      ['/api/json/models/0/straight/filt........./most-popular/60.json', 'bad_path'],
    ];
    for (const [path, code] of bad) {
      const { res, body } = await sut.json(path);
      expect(res.status, path).toBe(400);
      expect(body.code, path).toBe(code);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('model answer', () => {
  const top = () =>
    first<{ id: number; dir: string; videos_count: number; viewed: number; subscribers_count: number }>(
      "SELECT id, dir, videos_count, viewed, subscribers_count FROM models WHERE gender = 'straight' ORDER BY popularity DESC LIMIT 1",
    );

  it('answers the model with statistics, attributes and thumbs', async () => {
    const m = top();
    const { res, body } = await sut.json(`/api/json/model/3600/${m.dir[0]}/${m.dir}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(body.model).toMatchObject({
      dir: m.dir,
      statistics: { videos: m.videos_count, viewed: m.viewed, subscribers: m.subscribers_count },
    });
    for (const key of [
      'title',
      'scr',
      'thumbs',
      'country',
      'description',
      'race',
      'age',
      'tits_size',
      'hair_color',
      'height',
      'weight',
      'tattoo',
      'piercing',
    ]) {
      expect(body.model, key).toHaveProperty(key);
    }
    expect(body.model.thumbs.length).toBeGreaterThan(0);
    expect(body.model.thumbs[0]).toMatch(/^\/thumbs\/test\/clip-1(-x\d+)?\/thumb\.jpg$/);
    const zero = await sut.json(`/api/json/model/0/${m.dir[0]}/${m.dir}.json`);
    expect(zero.res.headers.get('cache-control')).toBe('no-store');
    expect(zero.res.headers.get('etag')).toBeNull();
  });

  it('answers 404 for a prefix mismatch or an unknown model, 400 for malformed segments', async () => {
    const m = top();
    const other = m.dir[0] === 'z' ? 'y' : 'z';
    const mismatch = await sut.json(`/api/json/model/3600/${other}/${m.dir}.json`);
    expect(mismatch.res.status).toBe(404);
    expect(mismatch.body.code).toBe('not_found');
    const unknown = await sut.json('/api/json/model/3600/n/nobody-at-all.json');
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.code).toBe('model_not_found');
    expect(unknown.res.headers.get('cache-control')).toBe('no-store');
    const cases: [string, string][] = [
      [`/api/json/model/3600/ab/${m.dir}.json`, 'bad_prefix'],
      ['/api/json/model/3600/n/No_Body.json', 'bad_dir'],
      [`/api/json/model/x/${m.dir[0]}/${m.dir}.json`, 'bad_lifetime'],
      [`/api/json/model/3600/${m.dir[0]}/${m.dir}.xml`, 'bad_path'],
    ];
    for (const [path, code] of cases) {
      const { res, body } = await sut.json(path);
      expect(res.status, path).toBe(400);
      expect(body.code, path).toBe(code);
    }
  });

  it("lists the model's videos (videos2 section models) with an exact total", async () => {
    const m = top();
    const expected = first<{ n: number }>(
      `SELECT count(*) AS n FROM video_models vm JOIN videos v ON v.id = vm.video_id
       WHERE vm.model_id = ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'`,
      m.id,
    ).n;
    const path = (page: number) =>
      `/api/json/videos2/0/straight/latest-updates/5/models.${m.dir}.${page}.all.0.all.json`;
    const one = (await sut.json(path(1))).body;
    expect(one.total_count).toBe(expected);
    const two = (await sut.json(path(2))).body;
    const dates = [...one.videos, ...two.videos].map((v: any) => v.post_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('serves the model wall over tRPC, 10 per page, newest first', async () => {
    const call = async (page: number) => {
      const input = encodeURIComponent(JSON.stringify({ modelId: 1, page }));
      const res = await sut.request(`/trpc/models.wall?input=${input}`);
      return ((await res.json()) as any).result.data;
    };
    const total = first<{ n: number }>(
      "SELECT count(*) AS n FROM wall_posts WHERE section = 'model' AND object_id = 1 AND is_deleted = 0",
    ).n;
    const one = await call(1);
    expect(total).toBeGreaterThan(10);
    expect(one.totalCount).toBe(total);
    expect(one.items).toHaveLength(10);
    const times = one.items.map((p: any) => p.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call(2)).items).toHaveLength(total - 10);
  });
});
