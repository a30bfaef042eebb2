import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Channels (issue 19), the history's fresh thumbs and the categories index's covers. */
let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 200 });
});
afterAll(() => sut.close());

async function query(path: string, input: unknown, cookie = '') {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await sut.request(`/trpc/${path}${search}`, {
    headers: { cookie },
  });
  return { res, body: (await res.json()) as any };
}
const all = <T>(sql: string, ...params: unknown[]) => sut.db.$client.prepare(sql).all(...params) as T[];
const get = <T>(sql: string, ...params: unknown[]) => sut.db.$client.prepare(sql).get(...params) as T;

describe('channels', () => {
  it('a channel answers by dir; an unknown one is channel_not_found', async () => {
    const channel = get<{ id: number; dir: string; title: string }>(
      'SELECT id, dir, title FROM channels LIMIT 1',
    );
    const { body } = await query('channels.get', { dir: channel.dir });
    expect(body.result.data).toMatchObject({
      id: channel.id,
      title: channel.title,
      url: `/channel/${channel.dir}/`,
    });
    const missing = await query('channels.get', { dir: 'no-such-channel' });
    expect(missing.res.status).toBe(404);
    expect(missing.body.error.data.code).toBe('channel_not_found');
    expect((await query('channels.get', { dir: '../etc' })).res.status).toBe(400);
  });

  it("a channel's listing holds exactly its listed videos, whatever the visitor's orientation (ADR 0024), counted as listed", async () => {
    const channel = get<{ id: number }>(
      "SELECT channel_id AS id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' GROUP BY channel_id ORDER BY count(*) DESC LIMIT 1",
    );
    for (const gender of ['straight', 'gay'] as const) {
      const expected = all<{ id: number }>(
        'SELECT id FROM videos WHERE channel_id = ? AND status_id = 1 AND is_private = 0 ORDER BY post_date DESC, id DESC',
        channel.id,
      ).map((r) => r.id);
      const { body } = await query(
        'videos.list',
        {
          sort: 'latest-updates',
          page: 1,
          count: 100,
          target: { section: 'channel', channelId: channel.id },
        },
        `orientation=${gender}`,
      );
      expect(body.result.data.totalCount).toBe(expected.length);
      expect(body.result.data.items.map((v: { id: number }) => v.id)).toEqual(expected.slice(0, 100));
    }
    expect(
      (
        await query('videos.list', {
          sort: 'latest-updates',
          page: 1,
          target: { section: 'channel', channelId: -1 },
        })
      ).res.status,
    ).toBe(400);
  });

  it('the page renders with its count and a Subscribe button that holds no member state', async () => {
    const channel = get<{ dir: string; title: string }>('SELECT dir, title FROM channels LIMIT 1');
    const res = await sut.request(`/channel/${channel.dir}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="page-title">${channel.title}</h1>`);
    expect(html).toContain('data-testid="subscribe-button"');
    expect(html).toContain('aria-pressed="false"');
    expect((await sut.request('/channel/no-such-channel/')).status).toBe(404);
  });
});

describe('history thumbs', () => {
  it('come fresh for listed videos only, in the order asked', async () => {
    const [a, b] = all<{ id: number }>(
      'SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 2',
    ).map((r) => r.id);
    const hidden = get<{ id: number }>(
      'SELECT id FROM videos WHERE id NOT IN (?, ?) ORDER BY id LIMIT 1',
      a,
      b,
    ).id;
    sut.db.$client.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(hidden);
    const { body } = await query('videos.thumbs', { ids: [b, hidden, a, 99_999_999] });
    const thumbs = body.result.data as { id: number; durationSec: number; views: number }[];
    expect(thumbs.map((t) => t.id)).toEqual([b, a]);
    expect(thumbs[0]!.durationSec).toBeGreaterThan(0);
    expect(
      (await query('videos.thumbs', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).res.status,
    ).toBe(400);
  });
});

describe('category covers', () => {
  it('picture each category with its own most popular video of the orientation', async () => {
    const { body } = await query('catalog.covers', undefined);
    const covers = body.result.data as Record<string, { id: number }>;
    for (const [dir, thumb] of Object.entries(covers)) {
      const top = get<{ id: number }>(
        `SELECT v.id FROM videos v JOIN video_categories vc ON vc.video_id = v.id JOIN categories c ON c.id = vc.category_id
         WHERE c.dir = ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'
         ORDER BY v.popularity DESC, v.id DESC LIMIT 1`,
        dir,
      );
      expect(thumb.id, dir).toBe(top.id);
    }
    expect(Object.keys(covers).length).toBeGreaterThan(0);
  });
});
