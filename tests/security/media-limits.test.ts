import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoClip } from '@vt/media';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { createTestApp } from '../integration/helpers/test-app';

/**
 * Issue 17: a run past its wall-clock limit or memory ceiling fails the ingest job cleanly, with a reason
 * the uploader's page and the moderation queue both show. Real ingest job, real ffprobe and ffmpeg; the
 * limits come from the environment, as an operator sets them.
 */
const scratch = mkdtempSync(join(tmpdir(), 'vt-media-limits-'));
const source = join(scratch, 'reel.mp4');

beforeAll(async () => {
  // Just over the 6-minute minimum of exclusive videos, tiny and at 1 fps: a few seconds to encode.
  await generateDemoClip(source, {
    seconds: 365,
    pattern: 'testsrc',
    toneHz: 440,
    width: 160,
    height: 90,
    fps: 1,
  });
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function ingestUnder(env: Record<string, string>) {
  const sut = createTestApp({ videos: 5, env });
  try {
    const memberId = await sut.createMember('LimitedUploader');
    const id = randomUUID().replaceAll('-', '');
    const size = statSync(source).size;
    await sut.services.uploads.begin(memberId, id, size, {
      filename: 'reel.mp4',
      title: 'A long reel',
      description: '',
      exclusive: true,
      categories: [],
      models: [],
    });
    mkdirSync(sut.config.uploadsDir, { recursive: true });
    copyFileSync(source, join(sut.config.uploadsDir, id));
    await sut.services.uploads.complete(id);
    const worker = createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    });
    await worker.drain();
    const upload = sut.db.$client
      .prepare('SELECT status, error, video_id FROM uploads WHERE id = ?')
      .get(id) as {
      status: string;
      error: string | null;
      video_id: number | null;
    };
    const videoStatus = sut.db.$client
      .prepare('SELECT status_id FROM videos WHERE id = ?')
      .pluck()
      .get(upload.video_id ?? -1);
    const queued = (await sut.services.moderation.queue.list()).items.find(
      (item) => item.kind === 'video' && item.id === upload.video_id,
    );
    const mediaDir = join(sut.config.mediaDir, 'uploads', String(upload.video_id));
    return {
      upload,
      videoStatus,
      queued,
      leftovers: [mediaDir, `${mediaDir}.tmp`].filter((dir) => existsSync(dir)),
    };
  } finally {
    sut.close();
  }
}

describe('media limits in the ingest job', () => {
  it("fails a transcode past its wall-clock limit with 'processing_timeout', shown to uploader and moderator", async () => {
    const r = await ingestUnder({ MEDIA_TIMEOUT_FLOOR_SECONDS: '1', MEDIA_TIMEOUT_FACTOR: '0' });
    expect(r.upload).toMatchObject({ status: 'failed', error: 'processing_timeout' });
    expect(r.videoStatus).toBe(6);
    expect(r.queued).toMatchObject({ state: 'failed', error: 'processing_timeout' });
    expect(r.leftovers).toEqual([]);
  }, 120_000);

  it("fails a transcode over its memory ceiling with 'processing_out_of_memory', shown to uploader and moderator", async () => {
    // ffprobe fits in 400 MB of address space; the ladder with its encoders does not.
    const r = await ingestUnder({ MEDIA_MAX_MEMORY_MB: '400' });
    expect(r.upload).toMatchObject({ status: 'failed', error: 'processing_out_of_memory' });
    expect(r.videoStatus).toBe(6);
    expect(r.queued).toMatchObject({ state: 'failed', error: 'processing_out_of_memory' });
    expect(r.leftovers).toEqual([]);
  }, 120_000);

  it('processes the same source within the default limits', async () => {
    const r = await ingestUnder({});
    expect(r.upload).toMatchObject({ status: 'done', error: null });
    expect(r.videoStatus).toBe(2);
  }, 120_000);
});
