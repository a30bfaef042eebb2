import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

const row = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;
const bucketOf = (id: number) => Math.floor(id / 1000) * 1000;
const LIST = '/api/json/playlists/86400/most-popular/60/all.1.straight..json';

describe('GET /api/json/playlists/...', () => {
  it('lists public playlists of the orientation, most viewed first, with caching', async () => {
    const { res, body } = await sut.json(LIST);
    expect(res.status).toBe(200);
    // A member may make it private at any moment: kept by the server (purged then), revalidated by clients.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const listed = row<{ n: number }>(
      "SELECT count(*) AS n FROM playlists WHERE orientation = 'straight' AND is_private = 0",
    ).n;
    expect(body.total_count).toBe(listed);
    expect(body.playlists).toHaveLength(Math.min(60, listed));
    expect(Object.keys(body.playlists[0]).sort()).toEqual(
      ['description', 'owner', 'playlist_id', 'scr', 'title', 'user', 'videos_count', 'viewed'].sort(),
    );
    const viewed = body.playlists.map((p: { viewed: number }) => p.viewed);
    expect([...viewed].sort((a, b) => b - a)).toEqual(viewed);
    const etag = res.headers.get('etag')!;
    expect((await sut.request(LIST, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('lists one member’s public playlists, recent first; lifetime 0 is not stored', async () => {
    const owner = row<{ member_id: number }>(
      'SELECT member_id FROM playlists WHERE is_private = 0 GROUP BY member_id ORDER BY count(*) DESC LIMIT 1',
    ).member_id;
    const { res, body } = await sut.json(`/api/json/playlists/0/recent/60/member.1.straight.${owner}.json`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.playlists.length).toBeGreaterThan(0);
    expect(body.playlists.every((p: { user: { _id: number } }) => p.user._id === owner)).toBe(true);
  });

  it.each([
    ['/api/json/playlists/0/newest/60/all.1.straight..json', 'bad_sort'],
    ['/api/json/playlists/0/recent/0/all.1.straight..json', 'bad_count'],
    ['/api/json/playlists/0/recent/60/friends.1.straight..json', 'bad_section'],
    ['/api/json/playlists/0/recent/60/all.x.straight..json', 'bad_page'],
    ['/api/json/playlists/0/recent/60/all.1.robots..json', 'bad_gender'],
    ['/api/json/playlists/0/recent/60/member.1.straight..json', 'bad_object_id'],
    ['/api/json/playlists/0/recent/60/all.1.straight.json', 'bad_path'],
  ])('%s answers 400 %s', async (path, code) => {
    const { res, body } = await sut.json(path);
    expect(res.status).toBe(400);
    expect(body.code).toBe(code);
  });
});

describe('GET /api/json/playlist/{lifetime}/{bucket}/{id}.json', () => {
  it('answers a public playlist, and its videos through videos2 in playlist order', async () => {
    const p = row<{ id: number; title: string }>(
      "SELECT id, title FROM playlists WHERE is_private = 0 AND orientation = 'straight' AND videos_count > 3 LIMIT 1",
    );
    const { res, body } = await sut.json(`/api/json/playlist/86400/${bucketOf(p.id)}/${p.id}.json`);
    expect(res.status).toBe(200);
    // A member may make it private at any moment: kept by the server (purged then), revalidated by clients.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(body.playlist).toMatchObject({
      playlist_id: p.id,
      title: p.title,
      private: 0,
      orientation: 'straight',
    });
    expect(Object.keys(body.playlist.user).sort()).toEqual(['_id', 'avatar', 'name']);
    const videos = (
      await sut.json(`/api/json/videos2/0/straight/latest-updates/60/playlist.${p.id}.1.all.0.all.json`)
    ).body;
    const ordered = sut.db.$client
      .prepare(
        `SELECT pv.video_id FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
         WHERE pv.playlist_id = ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight' ORDER BY pv.position`,
      )
      .pluck()
      .all(p.id);
    expect(videos.videos.map((v: { video_id: number }) => v.video_id)).toEqual(ordered);
  });

  it('a private playlist answers 403 playlist_private, here and through videos2', async () => {
    const id = row<{ id: number }>('SELECT id FROM playlists WHERE is_private = 1 LIMIT 1').id;
    const { res, body } = await sut.json(`/api/json/playlist/0/${bucketOf(id)}/${id}.json`);
    expect(res.status).toBe(403);
    expect(body).toEqual({ error: 'Playlist is private', code: 'playlist_private' });
    const listed = await sut.json(
      `/api/json/videos2/0/straight/latest-updates/60/playlist.${id}.1.all.0.all.json`,
    );
    expect(listed.res.status).toBe(403);
  });

  it('answers 404 for a missing playlist or a wrong bucket, 400 for a bad id', async () => {
    expect((await sut.json('/api/json/playlist/0/999000/999999.json')).body.code).toBe('playlist_not_found');
    expect((await sut.json('/api/json/playlist/0/1000/5.json')).res.status).toBe(404);
    expect((await sut.json('/api/json/playlist/0/0/abc.json')).res.status).toBe(400);
  });
});
