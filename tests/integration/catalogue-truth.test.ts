import { playlistDurationSec } from '@vt/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 19: what the listing says is what the player plays, and the spec's JSON shapes are complete. */

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

const sql = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).all(...params) as T[];
const seconds = (hhmmss: string) => hhmmss.split(':').reduce((acc, n) => acc * 60 + Number(n), 0);

describe('durations', () => {
  it("every listed duration is the length of the stream the player gets, and its previews' length", async () => {
    // One video per media directory: the clip itself and each of its longer loops.
    const videos = sql<{ id: number }>(
      `SELECT min(id) AS id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight'
       GROUP BY media_path`,
    );
    expect(videos.length).toBeGreaterThan(5);
    const buckets = new Set<number>();
    for (const { id } of videos) {
      const { body } = await sut.json(`/api/json/video/0/${Math.floor(id / 1000) * 1000}/${id}.json`);
      const listed = seconds(body.video.duration);
      const [file] = (await sut.json(`/api/videofile.php?video_id=${id}`)).body;
      const master = Buffer.from(file.video_url, 'base64').toString();
      const variant = (await (await sut.request(master)).text())
        .split('\n')
        .find((l) => l && !l.startsWith('#'))!;
      const playlist = await (await sut.request(master.replace('master.m3u8', variant))).text();
      expect(listed, `video ${id}`).toBe(Math.floor(playlistDurationSec(playlist)));
      const vtt = await (await sut.request(body.video.timelines)).text();
      const ends = [...vtt.matchAll(/--> (\d+:\d+:\d+)\.(\d+)/g)].map(
        (m) => seconds(m[1]) + Number(`0.${m[2]}`),
      );
      expect(Math.max(...ends), `previews of video ${id}`).toBeCloseTo(playlistDurationSec(playlist), 3);
      buckets.add(listed < 600 ? 1 : listed <= 2400 ? 2 : 3);
    }
    expect(buckets).toEqual(new Set([1, 2, 3]));
  });
});

describe('JSON shapes of the spec', () => {
  it('the listing names its categories (title, dir), in ?lang=, and is [] elsewhere', async () => {
    const [a, b] = sql<{ dir: string; title: string }>(
      `SELECT c.dir, t.title FROM categories c JOIN category_titles t ON t.category_id = c.id AND t.lang = 'de'
       ORDER BY c.total_videos DESC LIMIT 2`,
    );
    const { body } = await sut.json(
      `/api/json/videos2/0/straight/latest-updates/60/categories.${a.dir},${b.dir}.1.all.0.all.json?lang=de`,
    );
    expect(body.categories).toEqual([
      { dir: a.dir, title: a.title },
      { dir: b.dir, title: b.title },
    ]);
    const all = await sut.json('/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json');
    expect(all.body.categories).toEqual([]);
    expect(
      (await sut.json(`/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json?lang=xx`)).res
        .status,
    ).toBe(400);
  });

  it('a playlist has owner (and user, as before); its entries carry their page', async () => {
    const [{ id, member_id, name }] = sql<{ id: number; member_id: number; name: string }>(
      `SELECT p.id, p.member_id, m.name FROM playlists p JOIN members m ON m.id = p.member_id
       WHERE p.is_private = 0 AND p.videos_count > 60 LIMIT 1`,
    );
    const { body } = await sut.json(`/api/json/playlist/0/0/${id}.json`);
    expect(body.playlist.owner).toEqual({ _id: member_id, name, avatar: null });
    expect(body.playlist.user).toEqual(body.playlist.owner);
    const list = await sut.json('/api/json/playlists/0/most-popular/10/all.1.straight..json');
    expect(list.body.playlists[0].owner).toEqual(list.body.playlists[0].user);
    for (const page of [1, 2]) {
      const entries = await sut.json(
        `/api/json/videos2/0/straight/latest-updates/60/playlist.${id}.${page}.all.0.all.json`,
      );
      expect(entries.body.videos.length).toBeGreaterThan(0);
      for (const v of entries.body.videos) expect(v.page).toBe(page);
    }
  });

  it('the suggester is cached for its lifetime, 43200 s', async () => {
    const res = await sut.request('/api/suggester.php?c=ret');
    expect(res.headers.get('cache-control')).toBe('public, max-age=43200');
  });
});

describe('category URLs', () => {
  it('more than 3 categories redirect (301) to the first 3, the rest of the path and query kept', async () => {
    const dirs = sql<{ dir: string }>('SELECT dir FROM categories ORDER BY id LIMIT 4').map((c) => c.dir);
    const res = await sut.request(`/categories/${dirs.join(',')}/top-rated/2/?date=week`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(
      `/categories/${dirs.slice(0, 3).join(',')}/top-rated/2/?date=week`,
    );
    const short = await sut.request(`/categories/${dirs[0]},${dirs[0]},${dirs[1]}/`);
    expect(short.status).toBe(301);
    expect(short.headers.get('location')).toBe(`/categories/${dirs[0]},${dirs[1]}/`);
    const canonical = await sut.request(`/categories/${dirs.slice(0, 3).join(',')}/latest-updates/1/`);
    expect(canonical.status).toBe(200);
    expect((await sut.request('/categories/a,b,c,d/latest-updates/1/')).status).toBe(301);
    expect((await sut.request('/categories/a,b,c/latest-updates/1/')).status).toBe(404);
    expect((await sut.request('/categories/A!,b,c,d/latest-updates/1/')).status).toBe(404);
  });
});
