import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../packages/media/src/run-tool';
import { createTestApp, type TestApp } from './helpers/test-app';
import { trpcOf } from './helpers/trpc';

/**
 * Issue 23 part 1 (ADR 0034): real small generated videos go through the ingest; a re-encoded copy is
 * matched with its ranges and held as a full copy, a partial copy is matched but not held, an unrelated
 * film matches nothing; a blocklisted file is quarantined before anyone can see it.
 */
let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let dir: string;
let uploaderId: number;
let admin: string;
let moderator: string;
let uploader: string;
let adminId: number;

// Just over the 6-minute minimum for exclusive uploads, tiny and at 2 fps, so the pipeline runs in seconds.
const SECONDS = 372;
const FILM = `life=s=160x90:r=2:seed=7:mold=10:life_color=#c0ffc0:death_color=#302010`;
const OTHER = 'cellauto=s=160x90:r=2:rule=110:seed=5';

async function ffmpeg(args: string[]) {
  const run = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
  if (run.code !== 0) throw new Error(run.stderr.slice(-1500));
}
const x264 = (crf: number) => [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-crf',
  String(crf),
  '-pix_fmt',
  'yuv420p',
];
const film = (spec: string, seconds = SECONDS) => ['-f', 'lavfi', '-i', `${spec},trim=duration=${seconds}`];
const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${SECONDS}`];

const trpc = (...args: Parameters<ReturnType<typeof trpcOf>>) => trpcOf(sut)(...args);
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;

/** Puts a file where tus leaves it and runs the real media.ingest job on it; the video's id. */
async function ingest(file: string, title: string): Promise<number> {
  const id = randomUUID();
  copyFileSync(file, join(sut.config.uploadsDir, id));
  sqlite
    .prepare(
      `INSERT INTO uploads (id, member_id, kind, filename, size, received, status, meta, created_at, updated_at, expires_at)
       VALUES (?, ?, 'video', 'reel.mp4', 1, 1, 'complete', ?, unixepoch(), unixepoch(), unixepoch() + 86400)`,
    )
    .run(id, uploaderId, JSON.stringify({ title, description: 'Generated.', exclusive: true }));
  const result = (await sut.services.ingest(
    { uploadId: id },
    { progress: () => {}, signal: new AbortController().signal },
  )) as { videoId?: number; failed?: string };
  expect(result.failed).toBeUndefined();
  return result.videoId!;
}

const statusOf = (id: number) => sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(id);
const queueItem = async (id: number, cookie = moderator) =>
  (data(await trpc('moderation.queue', undefined, cookie, 'GET')).items as any[]).find(
    (i) => i.key === `video:${id}`,
  );

let original: number;
let copy: number;
let partial: number;
let unrelated: number;

beforeAll(async () => {
  sut = createTestApp({ videos: 3 });
  sqlite = sut.db.$client;
  adminId = await sut.createMember('curator');
  await sut.createMember('watcher');
  uploaderId = await sut.createMember('dubber');
  sqlite.prepare("UPDATE members SET role = 'admin' WHERE id = ?").run(adminId);
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE name = 'watcher'").run();
  admin = await sut.signIn('curator');
  moderator = await sut.signIn('watcher');
  uploader = await sut.signIn('dubber');
  dir = join(sut.config.dataDir, 'fingerprint-clips');
  mkdirSync(dir, { recursive: true });
  mkdirSync(sut.config.uploadsDir, { recursive: true });
  const src = join(dir, 'film.mp4');
  await ffmpeg([...film(FILM), ...tone(440), ...x264(18), '-c:a', 'aac', '-shortest', src]);
  // Another bitrate and resolution, other audio: a full copy.
  await ffmpeg([
    '-i',
    src,
    ...tone(880),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-vf',
    'scale=240:136',
    ...x264(34),
    '-c:a',
    'aac',
    '-shortest',
    join(dir, 'copy.mp4'),
  ]);
  // The first 150 s of the film, then another film: a partial copy.
  await ffmpeg([
    '-i',
    src,
    ...film(OTHER, SECONDS - 150),
    ...tone(330),
    '-filter_complex',
    '[0:v]trim=duration=150,setpts=PTS-STARTPTS[a];[1:v]setpts=PTS-STARTPTS[b];[a][b]concat=n=2:v=1[v]',
    '-map',
    '[v]',
    '-map',
    '2:a',
    ...x264(23),
    '-c:a',
    'aac',
    '-shortest',
    join(dir, 'partial.mp4'),
  ]);
  await ffmpeg([
    ...film(OTHER),
    ...tone(440),
    ...x264(18),
    '-c:a',
    'aac',
    '-shortest',
    join(dir, 'other.mp4'),
  ]);
  original = await ingest(src, 'Garden Life Original');
  copy = await ingest(join(dir, 'copy.mp4'), 'Garden Life Rip');
  partial = await ingest(join(dir, 'partial.mp4'), 'Garden Compilation');
  unrelated = await ingest(join(dir, 'other.mp4'), 'Cell Patterns');
}, 600_000);
afterAll(() => sut.close());

describe('near-duplicates at ingest', () => {
  it('flags a re-encoded copy with its matched ranges and holds it as a full copy', async () => {
    expect(statusOf(copy)).toBe(2);
    const item = await queueItem(copy);
    expect(item.heldAsCopyOf).toBe(original);
    const match = item.matches.find((m: any) => m.videoId === original);
    expect(match).toMatchObject({ fullCopy: true, later: false, title: 'Garden Life Original' });
    expect(match.coverage).toBeGreaterThanOrEqual(0.9);
    const [start, end, otherStart] = match.spans[0];
    expect(start).toBeLessThanOrEqual(5);
    expect(end).toBeGreaterThanOrEqual(SECONDS - 10);
    expect(Math.abs(otherStart - start)).toBeLessThanOrEqual(1);
    // The original's own item names the later copy, its sides swapped.
    const first = await queueItem(original);
    expect(first.heldAsCopyOf).toBeNull();
    expect(first.matches.find((m: any) => m.videoId === copy)).toMatchObject({
      later: true,
      fullCopy: false,
    });
    expect(await sut.services.fingerprints.copiesOf(original)).toEqual(
      expect.arrayContaining([copy, partial]),
    );
    expect(await sut.services.fingerprints.copiesOf(copy)).toContain(original);
  });

  it('flags a partial copy with the shared stretch, without holding it; an unrelated film matches nothing', async () => {
    const item = await queueItem(partial);
    expect(item.heldAsCopyOf).toBeNull();
    const match = item.matches.find((m: any) => m.videoId === original);
    expect(match.fullCopy).toBe(false);
    expect(match.coverage).toBeLessThan(0.9);
    const [start, end] = match.spans[0];
    expect(start).toBeLessThanOrEqual(5);
    expect(end).toBeGreaterThan(120);
    expect(end).toBeLessThanOrEqual(155);
    const other = await queueItem(unrelated);
    expect(other.matches.map((m: any) => m.videoId)).not.toContain(original);
    expect(other.matches.map((m: any) => m.videoId)).not.toContain(copy);
    expect(await sut.services.fingerprints.copiesOf(unrelated)).not.toContain(original);
  });

  it('approves a held copy only with the explicit override, which is audited', async () => {
    const plain = data(await trpc('moderation.approve', { keys: [`video:${copy}`] }, moderator));
    expect(plain.skipped).toEqual([`video:${copy}`]);
    expect(statusOf(copy)).toBe(2);
    const forced = data(
      await trpc('moderation.approve', { keys: [`video:${copy}`], approveCopies: true }, moderator),
    );
    expect(forced.done).toEqual([`video:${copy}`]);
    expect(statusOf(copy)).toBe(1);
    const row = sqlite
      .prepare("SELECT before FROM audit_log WHERE action = 'video.approve_copy' AND target_id = ?")
      .pluck()
      .get(copy) as string;
    expect(JSON.parse(row)).toEqual({ full_copy_of: original });
  });
});

describe('blocklists and quarantine', () => {
  let listed: string;
  beforeAll(async () => {
    listed = join(dir, 'listed.mp4');
    await ffmpeg([
      ...film('mandelbrot=s=160x90:r=2'),
      ...tone(550),
      ...x264(20),
      '-c:a',
      'aac',
      '-shortest',
      listed,
    ]);
  }, 120_000);

  it('keeps imports and the quarantine from everyone but admins', async () => {
    const input = { name: 'Test list', kind: 'file', text: 'a'.repeat(64) };
    for (const cookie of [undefined, uploader, moderator]) {
      expect((await trpc('moderation.importBlocklist', input, cookie)).res.status).toBe(404);
      expect((await trpc('moderation.quarantine', undefined, cookie, 'GET')).res.status).toBe(404);
      expect((await trpc('moderation.releaseQuarantined', { videoId: 1 }, cookie)).res.status).toBe(404);
      expect((await trpc('moderation.deleteQuarantined', { videoId: 1 }, cookie)).res.status).toBe(404);
    }
    expect(sqlite.prepare('SELECT count(*) FROM blocklists').pluck().get()).toBe(0);
  });

  it('refuses a list with no readable hash, with a code the page translates', async () => {
    const r = await trpc(
      'moderation.importBlocklist',
      { name: 'Junk', kind: 'file', text: 'not a hash\n1234' },
      admin,
    );
    expect(r.res.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('blocklist_invalid');
    const bad = await trpc(
      'moderation.importBlocklist',
      { name: 'Junk', kind: 'fingerprint', text: '{"x":1}' },
      admin,
    );
    expect(bad.res.status).toBe(400);
  });

  it('quarantines a listed file: not in the queue, media refused to all, admins mailed, every step audited', async () => {
    const sha1 = createHash('sha1')
      .update(await import('node:fs').then((fs) => fs.readFileSync(listed)))
      .digest('hex');
    // A programme's CSV, with the listed file's SHA-1 among generated ones.
    const csv = [
      'id,sha1,category',
      ...Array.from({ length: 50 }, (_, i) => `${i},${createHash('sha1').update(`x${i}`).digest('hex')},A1`),
      `99,${sha1.toUpperCase()},A1`,
    ].join('\n');
    const imported = data(
      await trpc('moderation.importBlocklist', { name: 'Programme list', kind: 'file', text: csv }, admin),
    );
    expect(imported).toMatchObject({ entries: 51, rejected: 0 });
    const mailsBefore = sut.services.mailer.outbox?.().length ?? 0;

    const video = await ingest(listed, 'Fractal Evening');
    expect(statusOf(video)).toBe(8);
    expect(await queueItem(video)).toBeUndefined();
    // Its thumbnails and ladder answer nobody, staff and uploader included.
    const media = sqlite.prepare('SELECT media_path FROM videos WHERE id = ?').pluck().get(video) as string;
    expect(existsSync(join(sut.config.mediaDir, media, 'master.m3u8'))).toBe(true);
    const { url } = sut.services.urls.signedHls(media);
    for (const cookie of [undefined, uploader, moderator, admin]) {
      const headers = cookie ? { cookie } : undefined;
      expect((await sut.request(`/thumbs/${media}/thumb.jpg`, { headers })).status).toBe(404);
      expect((await sut.request(url, { headers })).status).toBe(404);
    }
    const mails = (sut.services.mailer.outbox?.() ?? []).slice(
      0,
      (sut.services.mailer.outbox?.().length ?? 0) - mailsBefore,
    );
    expect(mails.map((m) => m.to)).toEqual(['curator@example.test']);
    expect(mails[0]!.text).toContain(`sha1:${sha1}`);
    const list = data(await trpc('moderation.quarantine', undefined, admin, 'GET'));
    expect(list.items).toEqual([
      expect.objectContaining({ videoId: video, title: 'Fractal Evening', list: 'Programme list' }),
    ]);
    const audited = sqlite.prepare('SELECT action FROM audit_log WHERE target_id = ? ORDER BY id').pluck();
    expect(audited.all(video)).toEqual(['video.quarantine']);
    // Its uploader cannot delete (or edit) it away from the admins.
    expect((await trpc('uploads.delete', { videoId: video }, uploader)).res.status).toBe(404);
    expect(statusOf(video)).toBe(8);

    // Release (a false positive): into the queue, with its media for staff; audited.
    expect((await trpc('moderation.releaseQuarantined', { videoId: video }, admin)).res.status).toBe(200);
    expect(statusOf(video)).toBe(2);
    expect(await queueItem(video)).toBeDefined();
    expect((await sut.request(`/thumbs/${media}/thumb.jpg`, { headers: { cookie: moderator } })).status).toBe(
      200,
    );
    expect(audited.all(video)).toEqual(['video.quarantine', 'quarantine.release']);
    expect((await trpc('moderation.releaseQuarantined', { videoId: video }, admin)).res.status).toBe(404);
  });

  it('quarantines a perceptual match from an exported fingerprint list, and deletes it for good', async () => {
    const exported = data(
      await trpc('moderation.exportFingerprints', { videoIds: [unrelated] }, admin, 'GET'),
    );
    expect(exported.entries).toHaveLength(1);
    const r = await trpc(
      'moderation.importBlocklist',
      { name: 'Shared prints', kind: 'fingerprint', text: JSON.stringify(exported) },
      admin,
    );
    expect(data(r)).toMatchObject({ entries: 1 });
    // A re-encode of the listed film: other bytes, the same pictures.
    const again = join(dir, 'other-again.mp4');
    await ffmpeg(['-i', join(dir, 'other.mp4'), '-vf', 'scale=200:112', ...x264(32), '-c:a', 'copy', again]);
    const video = await ingest(again, 'Cell Patterns Again');
    expect(statusOf(video)).toBe(8);
    expect(await queueItem(video)).toBeUndefined();
    const matched = sqlite.prepare('SELECT matched FROM quarantine WHERE video_id = ?').pluck().get(video);
    expect(matched).toBe(`fingerprint:video ${unrelated}`);
    const media = sqlite.prepare('SELECT media_path FROM videos WHERE id = ?').pluck().get(video) as string;
    expect((await trpc('moderation.deleteQuarantined', { videoId: video }, admin)).res.status).toBe(200);
    expect(statusOf(video)).toBe(5);
    expect(existsSync(join(sut.config.mediaDir, media))).toBe(false);
    const actions = sqlite
      .prepare('SELECT action FROM audit_log WHERE target_id = ? ORDER BY id')
      .pluck()
      .all(video);
    expect(actions).toEqual(['video.quarantine', 'quarantine.delete']);
  }, 120_000);
});
