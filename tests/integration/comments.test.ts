import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 200 });
});
afterAll(() => sut.close());

const first = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;
const bucketOf = (id: number) => Math.floor(id / 1000) * 1000;
const path = (section: string, id: number, lifetime = 3600, query = '') =>
  `/api/json/comments/${lifetime}/${section}/${bucketOf(id)}/${id}.json${query}`;

/** The public video with the most comments (the seed gives some videos up to 11). */
const busyVideo = () =>
  first<{ id: number; n: number }>(
    `SELECT c.object_id AS id, count(*) AS n FROM comments c JOIN videos v ON v.id = c.object_id
     WHERE c.section = 'video' AND c.is_deleted = 0 AND v.status_id = 1 AND v.is_private = 0
     GROUP BY c.object_id ORDER BY n DESC, c.object_id LIMIT 1`,
  );

describe('comments endpoint', () => {
  it('answers 10 comments per page, newest first, with the spec fields and the total', async () => {
    const video = busyVideo();
    expect(video.n).toBeGreaterThan(10);
    const { res, body } = await sut.json(path('video', video.id));
    expect(res.status).toBe(200);
    expect(body.total_count).toBe(video.n);
    expect(body.comments).toHaveLength(10);
    const c = body.comments[0];
    expect(Object.keys(c).sort()).toEqual(['_id', 'added_date', 'avatar', 'comment', 'comment_id', 'name']);
    expect(c.added_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const author = first<{ name: string }>('SELECT name FROM members WHERE id = ?', c._id);
    expect(c.name).toBe(author.name);
    const dates = body.comments.map((x: any) => x.added_date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const { body: page2 } = await sut.json(path('video', video.id, 3600, '?page=2'));
    expect(page2.comments).toHaveLength(video.n - 10);
    expect(page2.total_count).toBe(video.n);
    const ids1 = body.comments.map((x: any) => x.comment_id);
    expect(page2.comments.every((x: any) => !ids1.includes(x.comment_id))).toBe(true);
    expect(page2.comments[0].added_date <= dates[9]).toBe(true);

    const { res: past, body: pastBody } = await sut.json(path('video', video.id, 3600, '?page=9'));
    expect(past.status).toBe(200);
    expect(pastBody).toEqual({ comments: [], total_count: video.n });
  });

  it('leaves out deleted comments', async () => {
    const video = busyVideo();
    const newest = first<{ id: number }>(
      `SELECT id FROM comments WHERE section = 'video' AND object_id = ? AND is_deleted = 0
       ORDER BY added_date DESC, id DESC LIMIT 1`,
      video.id,
    );
    sut.db.$client.prepare('UPDATE comments SET is_deleted = 1 WHERE id = ?').run(newest.id);
    try {
      const { body } = await sut.json(path('video', video.id, 0));
      expect(body.total_count).toBe(video.n - 1);
      expect(body.comments.map((x: any) => x.comment_id)).not.toContain(newest.id);
    } finally {
      sut.db.$client.prepare('UPDATE comments SET is_deleted = 0 WHERE id = ?').run(newest.id);
    }
  });

  it('caches by lifetime with an ETag and a 304, and lifetime 0 is no-store', async () => {
    const video = busyVideo();
    const url = path('video', video.id, 3600);
    const res = await sut.request(url);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await sut.request(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const fresh = await sut.request(path('video', video.id, 0));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(fresh.headers.get('etag')).toBeNull();
  });

  it('answers an object without comments with an empty list, on every section', async () => {
    const quiet = first<{ id: number }>(
      `SELECT id FROM videos WHERE status_id = 1 AND is_private = 0
       AND id NOT IN (SELECT object_id FROM comments WHERE section = 'video') LIMIT 1`,
    );
    expect((await sut.json(path('video', quiet.id))).body).toEqual({ comments: [], total_count: 0 });
    for (const section of ['model', 'member']) {
      const { res, body } = await sut.json(path(section, 1));
      expect(res.status, section).toBe(200);
      expect(body.comments, section).toEqual([]);
    }
  });

  it('answers 404 for objects visitors cannot see', async () => {
    const hidden = first<{ id: number }>(
      'SELECT id FROM videos WHERE status_id = 5 OR is_private = 1 LIMIT 1',
    );
    const { res, body } = await sut.json(path('video', hidden.id));
    expect(res.status).toBe(404);
    expect(body.code).toBe('video_not_found');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const missing = await sut.json(path('album', 999_999));
    expect(missing.res.status).toBe(404);
    expect(missing.body.code).toBe('album_not_found');
  });

  it('answers malformed segments with a 4xx JSON error', async () => {
    const video = busyVideo();
    const cases: [string, number, string][] = [
      [`/api/json/comments/soon/video/0/${video.id}.json`, 400, 'bad_lifetime'],
      [`/api/json/comments/3600/playlist/0/${video.id}.json`, 400, 'bad_section'],
      [`/api/json/comments/3600/videos/0/${video.id}.json`, 400, 'bad_section'],
      [`/api/json/comments/3600/video/1000/${video.id}.json`, 404, 'not_found'],
      [`/api/json/comments/3600/video/x/${video.id}.json`, 400, 'bad_bucket'],
      [`/api/json/comments/3600/video/0/${video.id}.xml`, 400, 'bad_path'],
      [`/api/json/comments/3600/video/0/0.json`, 400, 'bad_id'],
      [`${path('video', video.id)}?page=0`, 400, 'bad_page'],
      [`${path('video', video.id)}?page=two`, 400, 'bad_page'],
    ];
    for (const [url, status, code] of cases) {
      const res = await sut.request(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: string }).code, url).toBe(code);
    }
  });
});

describe('comments over tRPC', () => {
  it('lists a page with member names', async () => {
    const video = busyVideo();
    const res = await sut.request(
      `/trpc/comments.list?input=${encodeURIComponent(JSON.stringify({ section: 'video', objectId: video.id, page: 2 }))}`,
    );
    expect(res.status).toBe(200);
    const data = ((await res.json()) as any).result.data;
    expect(data.totalCount).toBe(video.n);
    expect(data.pages).toBe(2);
    expect(data.items[0].member.name).toBeTruthy();
  });
});

describe('framing', () => {
  it('lets any site frame the embed player and only the site itself frame other pages', async () => {
    const embed = await sut.request('/embed/1/some-dir/');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const page = await sut.request('/information/');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const api = await sut.request(path('video', busyVideo().id));
    expect(api.headers.get('x-frame-options')).toBeNull();
  });
});
