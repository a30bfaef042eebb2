import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MediaManifest, processVideo } from '@vt/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { drainJobsOf, trpcOf } from './helpers/trpc';

/**
 * ADR 0039: a moderator overrides a pending video's restoration and the re-run job rebuilds its ladder
 * from the kept original. The source is a small generated letterboxed clip (the restoration corpus's
 * recipe): the measured decision crops the bars; the override keeps them.
 */
let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let moderator: string;
let member: string;
let moderatorId: number;
let uploaderId: number;

const trpc = (...args: Parameters<ReturnType<typeof trpcOf>>) => trpcOf(sut)(...args);
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const errorCode = (r: { body: { error?: { data?: { code?: string }; message?: string } } }) =>
  r.body.error?.message;

const drainJobs = () => drainJobsOf(sut);

/** A letterboxed 4:3 clip: 720×360 of picture inside 720×480, with a tone. */
function letterboxedClip(file: string) {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
    'testsrc2=s=720x480:r=24000/1001:d=4,gblur=sigma=2,scale=720:360,pad=720:480:0:60:black,setsar=1',
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-shortest', '-f', 'mp4', file],
  ]);
}

let clip: Buffer;
let seq = 0;

/** What media.ingest leaves behind: the kept original, a processed (restored) ladder, a pending video. */
async function pendingUpload(): Promise<{ videoId: number; uploadId: string }> {
  const uploadId = randomBytes(16).toString('hex');
  mkdirSync(sut.config.uploadsDir, { recursive: true });
  const file = join(sut.config.uploadsDir, uploadId);
  writeFileSync(file, clip);
  const now = Math.floor(Date.now() / 1000);
  const title = `Letterboxed reel ${++seq}`;
  const videoId = Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id,
           duration_sec, width, height, timeline_count, timeline_interval, content_hash)
         VALUES (?, ?, '', 3, 'straight', ?, ?, ?, 4, 720, 480, 0, 1, ?)`,
      )
      .run(`letterboxed-reel-${seq}`, title, now, now, uploaderId, `hash-${uploadId}`).lastInsertRowid,
  );
  sqlite
    .prepare(
      `INSERT INTO uploads (id, member_id, kind, filename, size, received, status, meta, video_id, created_at,
         updated_at, expires_at) VALUES (?, ?, 'video', 'reel.mp4', ?, ?, 'done', ?, ?, ?, ?, ?)`,
    )
    .run(uploadId, uploaderId, clip.length, clip.length, JSON.stringify({ title }), videoId, now, now, now);
  const m = await processVideo(file, join(sut.config.mediaDir, `uploads/${videoId}`), {});
  sqlite
    .prepare(
      'UPDATE videos SET status_id = 2, media_path = ?, width = ?, height = ?, timeline_count = ? WHERE id = ?',
    )
    .run(`uploads/${videoId}`, m.width, m.height, m.sprites.tileCount, videoId);
  return { videoId, uploadId };
}

const manifestOf = (videoId: number) =>
  JSON.parse(
    readFileSync(join(sut.config.mediaDir, `uploads/${videoId}`, 'manifest.json'), 'utf8'),
  ) as MediaManifest;
const queueItem = async (videoId: number) =>
  (
    data(await trpc('moderation.queue', undefined, moderator, 'GET')).items as {
      key: string;
      restoration: any;
    }[]
  ).find((i) => i.key === `video:${videoId}`);
const keep = { fields: 'auto', crop: 'off', loudness: 'auto' } as const;

beforeAll(async () => {
  sut = createTestApp({ videos: 5 });
  sqlite = sut.db.$client;
  moderatorId = await sut.createMember('restorer');
  uploaderId = await sut.createMember('tapefinder');
  await sut.createMember('onlooker');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  moderator = await sut.signIn('restorer');
  member = await sut.signIn('onlooker');
  const tmp = join(sut.config.uploadsDir, '..', 'clip.mp4');
  mkdirSync(sut.config.uploadsDir, { recursive: true });
  letterboxedClip(tmp);
  clip = readFileSync(tmp);
});
afterAll(() => sut.close());

describe('restoration override and re-run', () => {
  it('shows the measured decisions and the stills to moderators only', async () => {
    const { videoId } = await pendingUpload();
    const item = await queueItem(videoId);
    expect(item?.restoration.plan.crop).toMatchObject({ width: 720, height: 360, x: 0, y: 60 });
    expect(item?.restoration.plan.basis.frame).toEqual({ width: 720, height: 480 });
    expect(item?.restoration.choice).toEqual({ fields: 'auto', crop: 'auto', loudness: 'auto' });
    expect(item?.restoration.sourceKept).toBe(true);
    expect(item?.restoration.output).toMatchObject({ width: 720, height: 360 });

    const before = item?.restoration.stills.before as string;
    const ok = await sut.request(before, { headers: { cookie: moderator } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    for (const cookie of [member, undefined])
      expect((await sut.request(before, { headers: cookie ? { cookie } : {} })).status).toBe(404);
    // Not through the public image route either, not even once the video is listed.
    sqlite.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(videoId);
    expect((await sut.request(`/thumbs/uploads/${videoId}/restoration-before.jpg`)).status).toBe(404);
    expect((await sut.request(`/thumbs/uploads/${videoId}/thumb.jpg`)).status).toBe(200);
    sqlite.prepare('UPDATE videos SET status_id = 2 WHERE id = ?').run(videoId);
  }, 120_000);

  it('saves the override, audits it, re-runs from the kept original and swaps the ladder', async () => {
    const { videoId } = await pendingUpload();
    const r = await trpc('moderation.rerunRestoration', { videoId, ...keep }, moderator);
    expect(data(r)).toEqual({ queued: true });
    // While it waits, the queue item says so, and a second run is refused.
    expect((await queueItem(videoId))?.restoration.rerun).toMatchObject({ state: 'queued' });
    const again = await trpc('moderation.rerunRestoration', { videoId, ...keep }, moderator);
    expect(again.res.status).toBe(409);
    expect(errorCode(again)).toBe('restoration_busy');

    const audit = sqlite
      .prepare(
        "SELECT actor_id, before, after FROM audit_log WHERE action = 'video.restore' AND target_id = ?",
      )
      .all(videoId) as { actor_id: number; before: string; after: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_id).toBe(moderatorId);
    expect(JSON.parse(audit[0].before)).toEqual({ fields: 'auto', crop: 'auto', loudness: 'auto' });
    expect(JSON.parse(audit[0].after)).toEqual(keep);

    await drainJobs();
    const m = manifestOf(videoId);
    expect(m.restoration?.crop).toBeNull();
    expect(m.restoration?.basis?.overrides).toEqual({ fields: 'auto', crop: 'off', loudness: 'auto' });
    expect(m.restoration?.basis?.measured.crop).toBe(true);
    expect([m.width, m.height]).toEqual([720, 480]);
    // The row follows the new ladder; the old directory and the work directory are gone.
    expect(sqlite.prepare('SELECT width, height FROM videos WHERE id = ?').get(videoId)).toEqual({
      width: 720,
      height: 480,
    });
    const dir = join(sut.config.mediaDir, `uploads/${videoId}`);
    expect(existsSync(`${dir}.old`) || existsSync(`${dir}.rerun`)).toBe(false);
    const item = await queueItem(videoId);
    expect(item?.restoration.rerun).toBeNull();
    expect(item?.restoration.choice).toEqual(keep);
    expect(existsSync(join(dir, 'restoration-before.jpg'))).toBe(true);
    expect(existsSync(join(dir, 'restoration-after.jpg'))).toBe(true);
  }, 180_000);

  it('refuses members, unknown videos, bad choices and a video whose original is gone', async () => {
    const { videoId, uploadId } = await pendingUpload();
    const asMember = await trpc('moderation.rerunRestoration', { videoId, ...keep }, member);
    expect(asMember.res.status).toBe(404);
    const visitor = await trpc('moderation.rerunRestoration', { videoId, ...keep });
    expect(visitor.res.status).toBe(404);
    const bad = await trpc(
      'moderation.rerunRestoration',
      { videoId, fields: 'sharpen', crop: 'auto', loudness: 'auto' },
      moderator,
    );
    expect(bad.res.status).toBe(400);
    const unknown = await trpc('moderation.rerunRestoration', { videoId: 99_999, ...keep }, moderator);
    expect(unknown.res.status).toBe(404);

    rmSync(join(sut.config.uploadsDir, uploadId));
    expect((await queueItem(videoId))?.restoration.sourceKept).toBe(false);
    const gone = await trpc('moderation.rerunRestoration', { videoId, ...keep }, moderator);
    expect(gone.res.status).toBe(409);
    expect(errorCode(gone)).toBe('restoration_source_gone');
    expect(
      sqlite
        .prepare("SELECT count(*) FROM audit_log WHERE action = 'video.restore' AND target_id = ?")
        .pluck()
        .get(videoId),
    ).toBe(0);
  }, 120_000);

  it('keeps the original while the video waits, and frees it on approval, rejection or deletion', async () => {
    const approved = await pendingUpload();
    const rejected = await pendingUpload();
    const deleted = await pendingUpload();
    const kept = (u: { uploadId: string }) => existsSync(join(sut.config.uploadsDir, u.uploadId));
    expect([approved, rejected, deleted].every(kept)).toBe(true);

    await trpc('moderation.approve', { keys: [`video:${approved.videoId}`] }, moderator);
    expect(kept(approved)).toBe(false);
    await trpc(
      'moderation.reject',
      { keys: [`video:${rejected.videoId}`], reason: 'poor_quality', note: '' },
      moderator,
    );
    expect(kept(rejected)).toBe(false);
    // A re-run is refused once decided.
    const late = await trpc('moderation.rerunRestoration', { videoId: approved.videoId, ...keep }, moderator);
    expect(errorCode(late)).toBe('restoration_not_pending');

    await trpc('uploads.delete', { videoId: deleted.videoId }, moderator);
    await drainJobs();
    expect(kept(deleted)).toBe(false);
    // A pending video taken down on a report loses its original at once.
    const takenDown = await pendingUpload();
    await trpc('moderation.takeDown', { videoId: takenDown.videoId, note: 'reported' }, moderator);
    expect(kept(takenDown)).toBe(false);
  }, 180_000);
});
