import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { generateDemoClip } from '@vt/media';
import pino from 'pino';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/api/src/app';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createLogger } from '../../apps/api/src/logger';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { generateMinimumLengthClip } from './helpers/minimum-clip';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let cookie: string;
let memberId: number;
let clip: Buffer;
let shortClip: Buffer;
let base: string;
let server: ReturnType<typeof serve>;

const listen = (app: TestApp['app']) =>
  new Promise<{ server: ReturnType<typeof serve>; base: string }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, base: `http://127.0.0.1:${info.port}` }),
    );
  });

beforeAll(async () => {
  sut = createTestApp({ videos: 10 });
  memberId = await sut.createMember('UploaderOne');
  cookie = await sut.signIn('UploaderOne');
  const dir = join(sut.config.dataDir, 'clips');
  await generateMinimumLengthClip(join(dir, 'long.mp4'));
  await generateDemoClip(join(dir, 'short.mp4'), {
    seconds: 20,
    pattern: 'smptebars',
    toneHz: 330,
    width: 160,
    height: 90,
    fps: 5,
  });
  clip = readFileSync(join(dir, 'long.mp4'));
  shortClip = readFileSync(join(dir, 'short.mp4'));
  ({ server, base } = await listen(sut.app));
}, 120_000);
afterAll(() => {
  server?.close();
  sut.close();
});

const META = { filename: 'summerreel.mp4', title: 'A summer reel', description: 'Home movie', adult: '1' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const create = (meta: Record<string, string>, length: number, headers: Record<string, string> = { cookie }) =>
  fetch(`${base}/api/upload/`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
      origin: sut.config.publicOrigin,
      ...headers,
    },
  });

function upload(
  data: Buffer,
  opts: {
    meta?: Record<string, string>;
    chunkSize?: number;
    uploadUrl?: string;
    onProgress?: (sent: number, total: number) => void;
    endpoint?: string;
  } = {},
) {
  let instance: tus.Upload;
  const done = new Promise<string>((resolve, reject) => {
    instance = new tus.Upload(data, {
      endpoint: `${opts.endpoint ?? base}/api/upload/`,
      uploadUrl: opts.uploadUrl,
      chunkSize: opts.chunkSize ?? 256 * 1024,
      metadata: opts.meta ?? META,
      headers: { cookie, origin: sut.config.publicOrigin },
      retryDelays: [],
      onProgress: opts.onProgress,
      onError: reject,
      onSuccess: () => resolve(instance.url!),
    });
    instance.start();
  });
  return { done, abort: () => instance.abort(), url: () => instance.url };
}

describe('tus uploads at /api/upload/', () => {
  it('refuses visitors, and checks format, file name, title, consent and size before any byte', async () => {
    expect((await create(META, 1000, {})).status).toBe(401);
    const cases: [Record<string, string>, number, number, string][] = [
      [{ ...META, filename: 'notes.txt' }, 1000, 400, 'bad_format'],
      [{ ...META, filename: 'my film.mp4' }, 1000, 400, 'bad_filename'],
      [{ ...META, filename: 'été.mp4' }, 1000, 400, 'bad_filename'],
      [{ ...META, title: '' }, 1000, 400, 'title_required'],
      [{ ...META, adult: '0' }, 1000, 400, 'consent_required'],
      [META, 10 * 1024 ** 3 + 1, 413, 'file_too_large'],
    ];
    for (const [meta, length, status, code] of cases) {
      const res = await create(meta, length);
      expect(res.status, code).toBe(status);
      expect(await res.text(), code).toContain(code);
    }
  });

  it('allows 3 uploads in progress per member', async () => {
    const other = await sut.createMember('BusyUploader');
    const busy = await sut.signIn('BusyUploader');
    for (let i = 0; i < 3; i++) expect((await create(META, 1000, { cookie: busy })).status).toBe(201);
    const fourth = await create(META, 1000, { cookie: busy });
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain('too_many_uploads');
    expect(other).toBeGreaterThan(0);
  });

  it('resumes byte-exact after an abort at 50% and a server restart, then processes into a pending video', async () => {
    let aborted = false;
    const first = upload(clip, {
      chunkSize: 64 * 1024,
      onProgress: (sent, total) => {
        if (!aborted && sent >= total / 2) {
          aborted = true;
          void first.abort();
        }
      },
    });
    await new Promise((r) => setTimeout(r, 1500));
    const url = first.url()!;
    expect(url).toMatch(/\/api\/upload\//);
    const id = url.split('/').pop()!;
    const row = sut.db.$client.prepare('SELECT received, size, status FROM uploads WHERE id = ?').get(id) as {
      received: number;
      size: number;
      status: string;
    };
    expect(row.status).toBe('uploading');
    expect(row.received).toBeLessThan(row.size);

    // Restart: a new app on the same data directory answers the upload's offset and takes the rest.
    server.close();
    const restarted = createApp({ config: sut.config, db: sut.db, log: createLogger('silent') });
    ({ server, base } = await listen(restarted.app));
    await upload(clip, { uploadUrl: `${base}/api/upload/${id}`, chunkSize: 64 * 1024 }).done;
    const stored = readFileSync(join(sut.config.uploadsDir, id));
    const sha = createHash('sha256').update(clip).digest('hex');
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sha);
    // The content hash came with the last byte (the restarted server caught up on the first half once),
    // before any job ran.
    expect(sut.db.$client.prepare('SELECT status, content_hash FROM uploads WHERE id = ?').get(id)).toEqual({
      status: 'complete',
      content_hash: sha,
    });

    // Another member cannot even see it.
    const stranger = await sut.createMember('NosyUploader');
    const nosy = await sut.signIn('NosyUploader');
    const head = await fetch(`${base}/api/upload/${id}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', cookie: nosy },
    });
    expect(head.status).toBe(404);
    expect(stranger).toBeGreaterThan(0);

    const worker = createWorker({
      queue: restarted.services.jobs,
      handlers: createJobHandlers(restarted.services),
      log: pino({ level: 'silent' }),
    });
    await worker.drain();
    const done = sut.db.$client
      .prepare('SELECT status, video_id, content_hash FROM uploads WHERE id = ?')
      .get(id) as {
      status: string;
      video_id: number;
      content_hash: string;
    };
    expect(done.status).toBe('done');
    const video = sut.db.$client
      .prepare('SELECT status_id, media_path, duration_sec, uploader_id, title FROM videos WHERE id = ?')
      .get(done.video_id) as Record<string, unknown>;
    // Pending until a moderator approves: not in any listing.
    expect(video).toMatchObject({
      status_id: 2,
      uploader_id: memberId,
      title: 'A summer reel',
      media_path: `uploads/${done.video_id}`,
    });
    expect(video.duration_sec).toBeGreaterThanOrEqual(600);
    const listed = await sut.json(`/api/json/video/0/0/${done.video_id}.json`);
    expect(listed.res.status).not.toBe(200);

    // Approval publishes it, search included, and the original goes (KEEP_ORIGINALS is off).
    expect(existsSync(join(sut.config.uploadsDir, id))).toBe(true);
    expect(await restarted.services.publish.approveOne(done.video_id)).toBe(true);
    expect(existsSync(join(sut.config.uploadsDir, id))).toBe(false);
    await worker.drain();
    const found = await sut.json(
      '/api/videos2.php?params=0/straight/relevance/20/all..1.all.0.all&s=summer%20reel',
    );
    expect(found.body.videos.map((v: { video_id: number }) => v.video_id)).toContain(done.video_id);

    // The same file again is a duplicate.
    const again = upload(clip, { meta: { ...META, filename: 'againreel.mp4' } });
    const againId = (await again.done).split('/').pop()!;
    await worker.drain();
    expect(sut.db.$client.prepare('SELECT status, error FROM uploads WHERE id = ?').get(againId)).toEqual({
      status: 'failed',
      error: 'duplicate_video',
    });
    // Refused: nothing reads it again, so its file and tus's info file go.
    expect(existsSync(join(sut.config.uploadsDir, againId))).toBe(false);
    expect(existsSync(join(sut.config.uploadsDir, `${againId}.json`))).toBe(false);
  }, 120_000);

  it('refuses a video under the minimum length, and a file that is not a video', async () => {
    const short = await upload(shortClip, { meta: { ...META, filename: 'shortreel.mp4' } }).done;
    const junk = await upload(Buffer.from('this is not a video at all'.repeat(100)), {
      meta: { ...META, filename: 'junk.mp4' },
    }).done;
    const worker = createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    });
    await worker.drain();
    const error = (url: string) =>
      sut.db.$client.prepare('SELECT error FROM uploads WHERE id = ?').pluck().get(url.split('/').pop());
    expect(error(short)).toBe('too_short');
    expect(error(junk)).toBe('corrupted_file');
    for (const url of [short, junk])
      expect(existsSync(join(sut.config.uploadsDir, url.split('/').pop()!))).toBe(false);
  }, 60_000);
});

describe('a custom preview image', () => {
  const post = (fields: Record<string, string | Blob>, as = cookie) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return sut.json('/api/video_edit.php', {
      method: 'POST',
      body: f,
      headers: { cookie: as, origin: sut.config.publicOrigin },
    });
  };
  const image = async (width: number, height: number, name = 'still.jpg') =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width, height, channels: 3, background: '#e01010' } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      name,
      { type: 'image/jpeg' },
    );

  it('is checked, required once chosen, and replaces the thumbnails the pipeline picked', async () => {
    expect((await post({ act: 'preview' })).body.code).toBe('preview_required');
    expect((await post({ act: 'preview', preview: new File(['not an image'], 'a.jpg') })).body.code).toBe(
      'bad_file_type',
    );
    const small = await post({ act: 'preview', preview: await image(320, 180) });
    expect(small.body).toMatchObject({ code: 'invalid_image_size', info: { width: 640, height: 360 } });
    const sent = await post({ act: 'preview', preview: await image(1280, 720) });
    expect(sent.body.ok).toBe(true);
    const token = sent.body.preview as string;
    expect(token).toMatch(/^[a-f0-9]{32}$/);

    // Chosen but missing, or someone else's: refused before any byte.
    const missing = await create({ ...META, preview_mode: 'custom' }, 1000);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('preview_required');
    await sut.createMember('PreviewThief');
    const thief = await sut.signIn('PreviewThief');
    const stolen = await create({ ...META, preview_mode: 'custom', preview: token }, 1000, { cookie: thief });
    expect(await stolen.text()).toContain('preview_required');

    const dir = join(sut.config.dataDir, 'clips');
    await generateDemoClip(join(dir, 'other.mp4'), {
      seconds: 605,
      pattern: 'smptebars',
      toneHz: 550,
      width: 160,
      height: 90,
      fps: 1,
    });
    const url = await upload(readFileSync(join(dir, 'other.mp4')), {
      meta: { ...META, filename: 'previewreel.mp4', preview_mode: 'custom', preview: token },
    }).done;
    await createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    }).drain();
    const videoId = sut.db.$client
      .prepare('SELECT video_id FROM uploads WHERE id = ?')
      .pluck()
      .get(url.split('/').pop()) as number;
    const mediaPath = sut.db.$client
      .prepare('SELECT media_path FROM videos WHERE id = ?')
      .pluck()
      .get(videoId);
    for (const file of ['thumb.jpg', 'thumb@2x.jpg', 'scr.jpg']) {
      const { channels } = await sharp(join(sut.config.mediaDir, String(mediaPath), file)).stats();
      expect(channels[0].mean, file).toBeGreaterThan(180);
      expect(channels[1].mean, file).toBeLessThan(70);
    }
    expect(await sut.services.previews.find(memberId, token)).toBeNull();
  }, 120_000);
});

describe('POST /api/video_edit.php', () => {
  it('takes a small video in one request into the same processing, and edits your own video only', async () => {
    const form = (o: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(o)) f.set(k, v);
      return f;
    };
    const post = (f: FormData, as = cookie) =>
      sut.json('/api/video_edit.php', {
        method: 'POST',
        body: f,
        headers: { cookie: as, origin: sut.config.publicOrigin },
      });
    const file = new File([new Uint8Array(shortClip)], 'tinyreel.mp4', { type: 'video/mp4' });
    expect((await post(form({ file, title: 'Tiny reel' }))).body.code).toBe('consent_required');
    expect(
      (
        await post(
          form({
            file: new File([new Uint8Array(shortClip)], 'tiny reel.mp4'),
            title: 'Tiny reel',
            adult: '1',
          }),
        )
      ).body.code,
    ).toBe('bad_filename');
    const sent = await post(form({ file, title: 'Tiny reel', adult: '1' }));
    expect(sent.body).toMatchObject({ ok: true, code: 'upload_received' });
    const worker = createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    });
    await worker.drain();
    // 20 seconds is under the 10-minute minimum: the same rules as tus uploads.
    expect(
      sut.db.$client.prepare('SELECT status, error FROM uploads WHERE id = ?').get(sent.body.upload_id),
    ).toEqual({
      status: 'failed',
      error: 'too_short',
    });

    const mine = sut.db.$client
      .prepare('SELECT id FROM videos WHERE uploader_id = ? AND status_id = 1 LIMIT 1')
      .pluck()
      .get(memberId) as number;
    // Published: the edit waits for a moderator (tests/security/uploader-edits.test.ts).
    expect(
      (await post(form({ act: 'edit', video_id: String(mine), title: 'A renamed reel', desc: 'New words' })))
        .body.code,
    ).toBe('video_edit_pending');
    expect(sut.db.$client.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(mine)).toBe(
      'A summer reel',
    );
    await sut.createMember('EditStranger');
    const stranger = await sut.signIn('EditStranger');
    expect(
      (await post(form({ act: 'edit', video_id: String(mine), title: 'Stolen title' }), stranger)).body.code,
    ).toBe('video_not_found');
  }, 60_000);
});
