import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { S3MediaStore } from '../../apps/api/src/media-store/s3-media-store';
import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { generateMinimumLengthClip } from './helpers/minimum-clip';
import { createTestApp } from './helpers/test-app';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/**
 * MEDIA_STORE=s3 (ADR 0042): a tus upload is processed by the worker in its scratch directory (MEDIA_DIR),
 * published to the bucket through a staging prefix, and the scratch copy is gone.
 */
describe('the pipeline in S3 mode', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let sut: ReturnType<typeof createTestApp>;
  let cookie: string;
  let clip: Buffer;
  beforeAll(async () => {
    s3 = await startS3TestServer('ingest-test');
    sut = createTestApp({ videos: 5, env: s3.env });
    await sut.createMember('S3Uploader');
    cookie = await sut.signIn('S3Uploader');
    const file = join(sut.config.dataDir, 'clip.mp4');
    await generateMinimumLengthClip(file);
    clip = readFileSync(file);
  }, 120_000);
  afterAll(async () => {
    sut.close();
    await s3.stop();
  });

  /** One tus creation and one PATCH with the whole file, as a same-origin member. */
  async function tusUpload(data: Buffer, filename: string): Promise<string> {
    const headers = { cookie, origin: sut.config.publicOrigin, 'Tus-Resumable': '1.0.0' };
    const meta = { filename, title: 'A bucket reel', description: 'Home movie', adult: '1' };
    const created = await sut.request('/api/upload/', {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(data.length),
        'Upload-Metadata': Object.entries(meta)
          .map(([k, v]) => `${k} ${b64(v)}`)
          .join(','),
      },
    });
    expect(created.status).toBe(201);
    const path = new URL(created.headers.get('location') ?? '', sut.config.publicOrigin).pathname;
    const patched = await sut.request(path, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(data),
    });
    expect(patched.status).toBe(204);
    return path.split('/').pop() ?? '';
  }

  it('publishes the ladder to the bucket, leaves no scratch copy, and plays it from the bucket', async () => {
    const uploadId = await tusUpload(clip, 'bucketreel.mp4');
    await createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    }).drain();
    const row = sut.db.$client
      .prepare(
        'SELECT u.status, u.video_id, v.status_id, v.media_path FROM uploads u JOIN videos v ON v.id = u.video_id WHERE u.id = ?',
      )
      .get(uploadId) as { status: string; video_id: number; status_id: number; media_path: string };
    expect(row).toMatchObject({ status: 'done', status_id: 2, media_path: `uploads/${row.video_id}` });

    const store = new S3MediaStore(s3.config);
    const current = await store.current(row.media_path);
    expect(current).toMatch(new RegExp(`^uploads/${row.video_id}/v/`));
    const keys = (await store.list(row.media_path)).map((o) => o.key);
    expect(keys).toContain(`${current}/master.m3u8`);
    expect(keys).toContain(`${current}/manifest.json`);
    expect(keys).toContain(`${current}/thumb.jpg`);
    expect(keys.some((k) => k.endsWith('.m4s') || k.endsWith('.ts'))).toBe(true);
    // Nothing of the video is left in the worker's scratch (MEDIA_DIR).
    const scratch = join(sut.config.mediaDir, 'uploads');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);

    // Approved, it plays through the API's playlists and the bucket's segments.
    sut.db.$client.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(row.video_id);
    const { url } = sut.services.urls.signedHls(row.media_path);
    const master = await sut.request(url);
    expect(master.status).toBe(200);
    const variant = (await master.text()).split('\n').find((l) => l.endsWith('.m3u8')) ?? '';
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const playlist = await (await sut.request(base + variant)).text();
    const segment = playlist.split('\n').find((l) => l && !l.startsWith('#')) ?? '';
    const variantDir = variant.slice(0, variant.lastIndexOf('/') + 1);
    const redirect = await sut.request(base + variantDir + segment);
    expect(redirect.status).toBe(302);
    const bytes = await fetch(redirect.headers.get('location') ?? '');
    expect(bytes.status).toBe(200);
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }, 180_000);
});
