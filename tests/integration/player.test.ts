import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 19, the player: members' resume positions and the captions track. */
let sut: TestApp;
let alice: string;
let bob: string;
let videoId: number;
let hiddenId: number;
let captioned: number;
let plain: number;
beforeAll(async () => {
  sut = createTestApp({ videos: 30 });
  await sut.createMember('AliceResume');
  await sut.createMember('BobResume');
  alice = await sut.signIn('AliceResume');
  bob = await sut.signIn('BobResume');
  const db = sut.db.$client;
  videoId = db
    .prepare(
      "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ORDER BY id LIMIT 1",
    )
    .pluck()
    .get() as number;
  // Long enough that positions well inside it are kept.
  db.prepare('UPDATE videos SET duration_sec = 600 WHERE id = ?').run(videoId);
  const listed = "status_id = 1 AND is_private = 0 AND gender = 'straight'";
  captioned = db
    .prepare(`SELECT id FROM videos WHERE ${listed} AND id IN (SELECT video_id FROM video_captions) LIMIT 1`)
    .pluck()
    .get() as number;
  plain = db
    .prepare(
      `SELECT id FROM videos WHERE ${listed} AND id NOT IN (SELECT video_id FROM video_captions) LIMIT 1`,
    )
    .pluck()
    .get() as number;
  hiddenId = db
    .prepare('SELECT id FROM videos WHERE id != ? ORDER BY id LIMIT 1')
    .pluck()
    .get(videoId) as number;
  db.prepare('UPDATE videos SET status_id = 4 WHERE id = ?').run(hiddenId);
});
afterAll(() => sut.close());

const query = (path: string, input: unknown, cookie?: string) =>
  sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: cookie ? { cookie } : {},
  });
const mutate = (path: string, input: unknown, cookie?: string) =>
  sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: sut.config.publicOrigin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(input),
  });

describe('resume positions', () => {
  it('are kept per member and read back; another member has their own', async () => {
    expect((await mutate('me.savePosition', { videoId, position: 123.7 }, alice)).body.result.data).toEqual({
      position: 123,
    });
    expect((await query('me.position', { videoId }, alice)).body.result.data).toEqual({ position: 123 });
    expect((await query('me.position', { videoId }, bob)).body.result.data).toEqual({ position: null });
  });

  it('are cleared near the end, so a finished video starts over', async () => {
    await mutate('me.savePosition', { videoId, position: 200 }, bob);
    expect((await mutate('me.savePosition', { videoId, position: 598 }, bob)).body.result.data).toEqual({
      position: null,
    });
    expect((await query('me.position', { videoId }, bob)).body.result.data).toEqual({ position: null });
  });

  it('need a member: a visitor gets 401 and nothing is written', async () => {
    const { res } = await mutate('me.savePosition', { videoId, position: 50 });
    expect(res.status).toBe(401);
    expect((await query('me.position', { videoId })).res.status).toBe(401);
  });

  it('refuse bad input and hidden or missing videos', async () => {
    for (const input of [
      { videoId, position: -1 },
      { videoId, position: 'x' },
      { videoId: 0, position: 10 },
      { videoId, position: 1e9 },
    ]) {
      expect((await mutate('me.savePosition', input, alice)).res.status, JSON.stringify(input)).toBe(400);
    }
    const hidden = await mutate('me.savePosition', { videoId: hiddenId, position: 50 }, alice);
    expect(hidden.res.status).toBe(404);
    expect(hidden.body.error.data.code).toBe('video_not_found');
    expect((await mutate('me.savePosition', { videoId: 999_999, position: 50 }, alice)).res.status).toBe(404);
  });

  it('are limited per member: a bot repeating the write gets 429', async () => {
    await sut.createMember('CarolResume');
    const carol = await sut.signIn('CarolResume');
    let status = 200;
    for (let i = 0; i < 200 && status === 200; i++) {
      status = (await mutate('me.savePosition', { videoId, position: 10 + i }, carol)).res.status;
    }
    expect(status).toBe(429);
    // Another member is not affected.
    expect((await mutate('me.savePosition', { videoId, position: 123 }, alice)).res.status).toBe(200);
  });

  it('refuse a write from another origin', async () => {
    const res = await sut.request('/trpc/me.savePosition', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: alice },
      body: JSON.stringify({ videoId, position: 77 }),
    });
    expect(res.status).toBe(403);
    expect((await query('me.position', { videoId }, alice)).body.result.data).toEqual({ position: 123 });
  });
});

describe('captions', () => {
  it('the seed gives some videos a track, linked from the video and served as WebVTT', async () => {
    const { body } = await query('videos.get', { id: captioned });
    const captions = body.result.data.captions as { lang: string; url: string };
    expect(captions.lang).toBe('en');
    expect(captions.url).toBe(
      `/timelines/captions/0/${captioned}.${sut.db.$client.prepare('SELECT updated_at FROM video_captions WHERE video_id = ?').pluck().get(captioned)}.vtt`,
    );
    const res = await sut.request(captions.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('-->');
  });

  it('a video without a track has none; a stale version, a wrong bucket or a hidden video is 404', async () => {
    expect((await query('videos.get', { id: plain })).body.result.data.captions).toBeNull();
    const { body } = await query('videos.get', { id: captioned });
    const url = body.result.data.captions.url as string;
    expect((await sut.request(url.replace(/\.(\d+)\.vtt$/, '.1.vtt'))).status).toBe(404);
    expect((await sut.request(url.replace('/0/', '/1000/'))).status).toBe(404);
    expect((await sut.request(`/timelines/captions/0/${plain}.1.vtt`)).status).toBe(404);
    expect((await sut.request('/timelines/captions/0/..%2F1.1.vtt')).status).toBe(404);
    sut.db.$client.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(captioned);
    try {
      expect((await sut.request(url)).status).toBe(404);
    } finally {
      sut.db.$client.prepare('UPDATE videos SET is_private = 0 WHERE id = ?').run(captioned);
    }
  });
});
