import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebVtt } from '../../apps/api/src/services/moderation/webvtt';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 19: a moderator attaches a WebVTT captions track to a video, replaces it or removes it. */
let sut: TestApp;
let moderator: string;
let member: string;
let videoId: number;

const VTT =
  'WEBVTT\n\n00:00.000 --> 00:02.500\nA synthetic caption\n\n00:02.500 --> 00:05.000\nand a second one\n';

beforeAll(async () => {
  sut = createTestApp({ videos: 20 });
  const db = sut.db.$client;
  const modId = await sut.createMember('CaptionWarden');
  db.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(modId);
  await sut.createMember('CaptionMember');
  moderator = await sut.signIn('CaptionWarden');
  member = await sut.signIn('CaptionMember');
  videoId = db
    .prepare(
      `SELECT id FROM videos WHERE status_id = 1 AND is_private = 0
         AND id NOT IN (SELECT video_id FROM video_captions) ORDER BY id LIMIT 1`,
    )
    .pluck()
    .get() as number;
});
afterAll(() => sut.close());

const mutate = (path: string, input: unknown, cookie: string) =>
  sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sut.config.publicOrigin, cookie },
    body: JSON.stringify(input),
  });
const detail = async () =>
  (await sut.json(`/trpc/videos.get?input=${encodeURIComponent(JSON.stringify({ id: videoId }))}`)).body
    .result.data as { captions: { lang: string; url: string } | null };

describe('captions', () => {
  it('a moderator attaches a track: the video offers it, served as text/vtt, and the action is audited', async () => {
    expect((await detail()).captions).toBeNull();
    const r = await mutate(
      'moderation.setCaptions',
      { videoId, lang: 'EN', vtt: `\uFEFF${VTT.replaceAll('\n', '\r\n')}` },
      moderator,
    );
    expect(r.res.status).toBe(200);
    const { captions } = await detail();
    expect(captions?.lang).toBe('en');
    const served = await sut.request(captions!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/vtt/);
    // Normalised: no BOM, LF line ends.
    expect(await served.text()).toBe(VTT);
    const audit = sut.db.$client
      .prepare("SELECT action FROM audit_log WHERE target_type = 'video' AND target_id = ? ORDER BY id")
      .pluck()
      .all(videoId);
    expect(audit).toContain('captions.set');
  });

  it('a replaced track gets a new URL, and the old one stops answering', async () => {
    const before = (await detail()).captions!.url;
    expect(
      (await mutate('moderation.setCaptions', { videoId, lang: 'de', vtt: VTT }, moderator)).res.status,
    ).toBe(200);
    const after = (await detail()).captions!;
    expect(after.lang).toBe('de');
    expect(after.url).not.toBe(before);
    expect((await sut.request(before)).status).toBe(404);
    expect((await sut.request(after.url)).status).toBe(200);
  });

  it('refuses members (staff routes do not exist for them) and broken tracks, keeping the saved one', async () => {
    const kept = (await detail()).captions!.url;
    expect(
      (await mutate('moderation.setCaptions', { videoId, lang: 'en', vtt: VTT }, member)).res.status,
    ).toBe(404);
    for (const [vtt, lang] of [
      ['00:00.000 --> 00:01.000\nno header', 'en'],
      ['WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards', 'en'],
      ['WEBVTT\n\nno cues at all', 'en'],
      ['WEBVTT\n\n00:00.000 --> 00:01.000\nbell\u0007', 'en'],
      [VTT, 'english'],
    ]) {
      const r = await mutate('moderation.setCaptions', { videoId, lang, vtt }, moderator);
      expect(r.res.status, vtt).toBe(400);
    }
    expect((await detail()).captions!.url).toBe(kept);
  });

  it('a moderator removes the track: the video offers none and the URL is gone', async () => {
    const url = (await detail()).captions!.url;
    const r = await mutate('moderation.removeCaptions', { videoId }, moderator);
    expect(r.body.result.data).toEqual({ removed: true });
    expect((await detail()).captions).toBeNull();
    expect((await sut.request(url)).status).toBe(404);
    expect((await mutate('moderation.removeCaptions', { videoId: 99_999_999 }, moderator)).res.status).toBe(
      404,
    );
  });
});

describe('a feature-length track', () => {
  it('is accepted above the 64 KB that other JSON bodies may carry, and refused above its own limit', async () => {
    const cue = (i: number) =>
      `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.900\nA line of dialogue from the reel, number ${i}\n`;
    const long = `WEBVTT\n\n${Array.from({ length: 3000 }, (_, i) => cue(i)).join('\n')}`;
    expect(long.length).toBeGreaterThan(150 * 1024);
    const ok = await mutate('moderation.setCaptions', { videoId, lang: 'en', vtt: long }, moderator);
    expect(ok.res.status).toBe(200);
    const tooLong = await mutate(
      'moderation.setCaptions',
      { videoId, lang: 'en', vtt: `${long}${'x'.repeat(1200 * 1024)}` },
      moderator,
    );
    expect(tooLong.res.status).toBe(413);
  });
});

describe('checkWebVtt', () => {
  it('takes hour-long timings and cue settings, refuses oversized tracks', () => {
    expect(
      'vtt' in checkWebVtt('WEBVTT - a title\n\n01:02:03.000 --> 01:02:04.500 align:start\nLate\n'),
    ).toBe(true);
    expect(checkWebVtt(`WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(600 * 1024)}`)).toEqual({
      error: 'too_large',
    });
  });
});
