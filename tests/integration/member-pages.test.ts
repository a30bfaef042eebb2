import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 200 });
});
afterAll(() => sut.close());

const q = <T>(sql: string, ...p: unknown[]) => sut.db.$client.prepare(sql).get(...p) as T;
const member = (lifetime: number, section: string, id: number, query = '') =>
  `/api/json/member/${lifetime}/${section}/${Math.floor(id / 1000) * 1000}/${id}.json${query}`;

/** A public member with friends, favourites and subscriptions, and one who hides everything. */
let open: number;
let hidden: number;
beforeAll(() => {
  open = q<{ id: number }>(
    `SELECT m.id FROM members m WHERE m.status = 'active' AND m.private_sections = 'history,watch_later'
       AND EXISTS (SELECT 1 FROM friends f WHERE f.member_id = m.id AND f.status = 'accepted')
       AND EXISTS (SELECT 1 FROM member_lists l WHERE l.member_id = m.id AND l.list = 'favourites')
       AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = m.id) ORDER BY m.id LIMIT 1`,
  ).id;
  hidden = q<{ id: number }>(
    "SELECT id FROM members WHERE status = 'active' AND private_sections LIKE '%friends%' ORDER BY id LIMIT 1",
  ).id;
});

describe('GET /api/json/member/{lifetime}/{section}/{bucket}/{_id}.json', () => {
  it('info: the spec §3 member fields and counters, cached by lifetime', async () => {
    const { res, body } = await sut.json(member(3600, 'info', open));
    expect(res.status).toBe(200);
    // The member can make sections private at any moment: never held by a browser or CDN unrevalidated.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    for (const key of [
      '_id',
      'name',
      'avatar',
      'gender',
      'age',
      'birth_date',
      'relationship',
      'orientation',
      'education',
      'website',
      'country',
      'city',
      'occupation',
      'interests',
      'about',
    ])
      expect(body.member).toHaveProperty(key);
    expect(body.member._id).toBe(open);
    expect(body.member.private_sections).toEqual(['history', 'watch_later']);
    expect(body.member.statistics.friends).toBe(
      q<{ n: number }>("SELECT count(*) AS n FROM friends WHERE member_id = ? AND status = 'accepted'", open)
        .n,
    );
    const etag = res.headers.get('etag')!;
    const again = await sut.request(member(3600, 'info', open), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('friends, subscriptions, wall and the video lists of a public member', async () => {
    const friends = await sut.json(member(0, 'friends', open));
    expect(friends.res.headers.get('cache-control')).toBe('no-store');
    expect(friends.body.members.length).toBeGreaterThan(0);
    expect(Object.keys(friends.body.members[0]).sort()).toEqual([
      '_id',
      'age',
      'avatar',
      'country',
      'gender',
      'name',
    ]);

    const subs = await sut.json(member(0, 'subscriptions', open));
    expect(subs.body.total_count).toBe(subs.body.subscriptions.length);
    expect(subs.body.subscriptions[0].section).toMatch(/^(model|member|channel)$/);
    const same = await sut.json(`/api/json/subscriptions/0/${Math.floor(open / 1000) * 1000}/${open}.json`);
    expect(same.body).toEqual(subs.body);

    const fav = await sut.json(member(0, 'videos', open, '?type=favourites'));
    expect(fav.res.status).toBe(200);
    const favCount = q<{ n: number }>(
      `SELECT count(*) AS n FROM member_lists l JOIN videos v ON v.id = l.video_id
       WHERE l.member_id = ? AND l.list = 'favourites' AND v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'`,
      open,
    ).n;
    expect(fav.body.total_count).toBe(favCount);

    const wall = await sut.json(member(0, 'wall', open));
    expect(wall.body).toHaveProperty('total_count');
    const uploads = await sut.json(member(0, 'videos', open));
    expect(uploads.body.videos).toEqual(expect.any(Array));
    const playlists = await sut.json(member(0, 'playlists', open));
    expect(playlists.body.playlists.every((p: { user: { _id: number } }) => p.user._id === open)).toBe(true);
    const albums = await sut.json(member(0, 'albums', open));
    expect(albums.body.albums).toEqual(expect.any(Array));
  });

  it('private sections answer 403 permission_denied and are never cached', async () => {
    for (const path of [
      member(3600, 'videos', open, '?type=history'),
      member(3600, 'videos', open, '?type=watch_later'),
      member(3600, 'friends', hidden),
      member(3600, 'subscriptions', hidden),
      member(3600, 'wall', hidden),
      member(3600, 'videos', hidden, '?type=favourites'),
      `/api/json/subscriptions/3600/${Math.floor(hidden / 1000) * 1000}/${hidden}.json`,
    ]) {
      const { res, body } = await sut.json(path);
      expect(res.status, path).toBe(403);
      expect(body).toEqual({ error: 'You do not have permission to view.', code: 'permission_denied' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // Their uploads stay public.
    expect((await sut.json(member(0, 'videos', hidden))).res.status).toBe(200);
  });

  it('unknown, suspended and unconfirmed members are 404; bad segments are 4xx JSON', async () => {
    sut.db.$client.prepare("UPDATE members SET status = 'suspended' WHERE id = ?").run(hidden + 1);
    for (const id of [1_999_999, hidden + 1]) {
      const { res, body } = await sut.json(member(0, 'info', id));
      expect(res.status).toBe(404);
      expect(body.code).toBe('member_not_found');
    }
    sut.db.$client.prepare("UPDATE members SET status = 'active' WHERE id = ?").run(hidden + 1);
    const cases: [string, number, string][] = [
      [`/api/json/member/0/info/1000/${open}.json`, 404, 'not_found'],
      [member(0, 'secrets', open), 400, 'bad_section'],
      [member(-1, 'info', open), 400, 'bad_lifetime'],
      [member(0, 'videos', open, '?type=everything'), 400, 'bad_type'],
      [member(0, 'friends', open, '?page=0'), 400, 'bad_page'],
      [member(0, 'videos', open, '?gender=robot'), 400, 'bad_gender'],
    ];
    for (const [path, status, code] of cases) {
      const { res, body } = await sut.json(path);
      expect(res.status, path).toBe(status);
      expect(body.code, path).toBe(code);
    }
  });
});
