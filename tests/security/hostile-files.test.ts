import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import {
  writeHostileInputs,
  writeOutOfBoundsInputs,
  writeVictimSegment,
} from '../../packages/media/src/testing/hostile-inputs';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/**
 * Issue 17: an upload named x.mp4 that was an HLS playlist of another member's segments became the
 * attacker's pending video. Every hostile file here goes through the real tus endpoint, the real ingest
 * job and real ffprobe/ffmpeg, and must fail with its code, leaving no video and no media files.
 */
let sut: TestApp;
let cookie: string;
let memberId: number;
let base: string;
let server: ReturnType<typeof serve>;
const scratch = mkdtempSync(join(tmpdir(), 'vt-hostile-uploads-'));
const cases: { name: string; bytes: Buffer; ext: string; code: string }[] = [];

beforeAll(async () => {
  sut = createTestApp({ videos: 10, env: { RATE_LIMIT_FACTOR: '0' } });
  memberId = await sut.createMember('HostileUploader');
  cookie = await sut.signIn('HostileUploader');
  // Another member's unpublished upload, processed: what the playlist trick stole.
  const victim = join(sut.config.mediaDir, 'uploads', '9999', '240p', 'seg-0000.ts');
  await writeVictimSegment(victim);
  for (const input of await writeHostileInputs(join(scratch, 'hostile'), victim))
    cases.push({ name: input.name, bytes: readFileSync(input.file), ext: 'mp4', code: 'corrupted_file' });
  for (const input of await writeOutOfBoundsInputs(join(scratch, 'costly')))
    cases.push({
      name: input.name,
      bytes: readFileSync(input.file),
      ext: input.file.split('.').pop()!,
      code: input.code,
    });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: sut.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
}, 120_000);

afterAll(() => {
  server?.close();
  sut?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function upload(data: Buffer, filename: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const instance = new tus.Upload(data, {
      endpoint: `${base}/api/upload/`,
      chunkSize: 256 * 1024,
      metadata: { filename, title: 'Hostile file', description: '', adult: '1' },
      headers: { cookie, origin: sut.config.publicOrigin },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(instance.url!.split('/').pop()!),
    });
    instance.start();
  });
}

describe('hostile files through the tus upload path and the ingest job', () => {
  it('refuses each at probe with its code, creating no video and no media files', async () => {
    const ids: { name: string; id: string; code: string }[] = [];
    for (const [i, c] of cases.entries()) {
      // Latin letters and digits only (the upload rules), one name per case.
      const id = await upload(c.bytes, `hostile${i}.${c.ext}`);
      ids.push({ name: c.name, id, code: c.code });
    }
    const worker = createWorker({
      queue: sut.services.jobs,
      handlers: createJobHandlers(sut.services),
      log: pino({ level: 'silent' }),
    });
    await worker.drain();

    const row = sut.db.$client.prepare('SELECT status, error, video_id FROM uploads WHERE id = ?');
    for (const { name, id, code } of ids)
      expect(row.get(id), name).toEqual({ status: 'failed', error: code, video_id: null });
    const videos = sut.db.$client.prepare('SELECT count(*) FROM videos WHERE uploader_id = ?').pluck();
    expect(videos.get(memberId)).toBe(0);
    // Only the victim's directory: nothing was processed, not even into a temporary directory.
    expect(readdirSync(join(sut.config.mediaDir, 'uploads'))).toEqual(['9999']);
  }, 180_000);
});
