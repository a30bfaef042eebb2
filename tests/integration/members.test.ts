import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../apps/api/src/services/members/member-directory.service';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 100 });
});
afterAll(() => sut.close());

const NO_FILTERS = 'filt.....';
const path = (lifetime: number, sort: string, filt = NO_FILTERS, page = 1, query = '') =>
  `/api/json/members/${lifetime}/${sort}/96/${filt}/${page}.json${query}`;
const count = (q: string, ...p: unknown[]) => (sut.db.$client.prepare(q).get(...p) as { n: number }).n;

describe('GET /api/json/members/{lifetime}/{sort}/{count}/filt{6 filters}/{page}.json', () => {
  it('lists active members, 96 a page, newest first, with caching', async () => {
    const { res, body } = await sut.json(path(7200, 'recent'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=7200');
    expect(body.total_count).toBe(count("SELECT count(*) AS n FROM members WHERE status = 'active'"));
    expect(body.members).toHaveLength(96);
    expect(Object.keys(body.members[0]).sort()).toEqual([
      '_id',
      'age',
      'avatar',
      'country',
      'gender',
      'name',
    ]);
    const etag = res.headers.get('etag')!;
    expect((await sut.request(path(7200, 'recent'), { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const alpha = (await sut.json(path(0, 'alphabet'))).body.members.map((m: { name: string }) =>
      m.name.toLowerCase(),
    );
    expect([...alpha].sort()).toEqual(alpha);
  });

  it('applies each filter and the name search; lifetime 0 is not stored', async () => {
    const { res, body } = await sut.json(path(0, 'recent', 'filtde.2.2.1..3'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const today = new Date();
    for (const m of body.members) {
      expect(m.country).toBe('de');
      expect(m.gender).toBe(2);
      expect(m.age).toBeGreaterThanOrEqual(26);
      expect(m.age).toBeLessThanOrEqual(35);
    }
    const byAge = await sut.json(path(0, 'recent', 'filt..4...'));
    expect(byAge.body.members.every((m: { age: number }) => m.age >= 51)).toBe(true);
    expect(byAge.body.total_count).toBeGreaterThan(0);
    const name = (await sut.json(path(0, 'recent'))).body.members[0].name as string;
    const found = await sut.json(
      path(0, 'recent', NO_FILTERS, 1, `?s=${encodeURIComponent(name.slice(0, 6).toUpperCase())}`),
    );
    expect(found.body.members.some((m: { name: string }) => m.name === name)).toBe(true);
    expect(ageOn('2000-12-31', today)).toBe(today.getUTCFullYear() - 2001);
  });

  it.each([
    [path(0, 'newest'), 'bad_sort'],
    [path(0, 'recent', 'filx.....'), 'bad_filt'],
    [path(0, 'recent', 'filt....'), 'bad_filt'],
    [path(0, 'recent', 'filtdeu.....'), 'bad_country'],
    [path(0, 'recent', 'filt.4....'), 'bad_gender'],
    [path(0, 'recent', 'filt..5...'), 'bad_age'],
    [path(0, 'recent', 'filt....3.'), 'bad_avatar'],
    [path(0, 'recent', 'filt.....6'), 'bad_orientation'],
    [path(0, 'recent', NO_FILTERS, 0), 'bad_page'],
    [path(0, 'recent', NO_FILTERS, 1, `?s=${'x'.repeat(70)}`), 'bad_s'],
  ])('%s answers 400 %s', async (p, code) => {
    const { res, body } = await sut.json(p);
    expect(res.status).toBe(400);
    expect(body.code).toBe(code);
  });
});
