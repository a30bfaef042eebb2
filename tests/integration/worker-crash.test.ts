import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateDemoClip } from '@vt/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
const workers: ChildProcess[] = [];
beforeAll(() => {
  sut = createTestApp({ videos: 5 });
});
afterAll(() => {
  for (const w of workers) {
    try {
      if (w.pid) process.kill(-w.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  sut.close();
});

/** `npm run worker` as its own process group, so SIGKILL takes its ffmpeg down with it. */
const startWorker = () => {
  const child = spawn('npx', ['tsx', 'apps/api/src/worker-main.ts'], {
    env: { ...process.env, DATA_DIR: sut.config.dataDir, WORKER_LEASE_SECONDS: '3', LOG_LEVEL: 'silent' },
    detached: true,
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
};

const waitFor = async <T>(read: () => T, ok: (v: T) => boolean, timeoutMs: number): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('a worker killed mid-transcode', () => {
  it('loses nothing: the job is claimed again after its lease and finishes', async () => {
    const sqlite = sut.db.$client;
    const member = await sut.createMember('CrashTester');
    const id = 'crash-test-upload';
    await generateDemoClip(join(sut.config.uploadsDir, id), {
      seconds: 605,
      pattern: 'testsrc',
      toneHz: 440,
      width: 480,
      height: 270,
      fps: 12,
    });
    sqlite
      .prepare(
        `INSERT INTO uploads (id, member_id, kind, filename, size, received, status, meta, created_at, updated_at, expires_at)
         VALUES (?, ?, 'video', 'crashreel.mp4', 1, 1, 'complete', ?, unixepoch(), unixepoch(), unixepoch() + 3600)`,
      )
      .run(
        id,
        member,
        JSON.stringify({
          filename: 'crashreel.mp4',
          title: 'Crash reel',
          description: '',
          exclusive: false,
          categories: [],
          models: [],
        }),
      );
    const jobId = (await sut.services.jobs.enqueue('media.ingest', { uploadId: id }))!;
    const job = () =>
      sqlite.prepare('SELECT status, stage, progress, attempts FROM jobs WHERE id = ?').get(jobId) as {
        status: string;
        stage: string | null;
        progress: number;
        attempts: number;
      };

    const first = startWorker();
    await waitFor(job, (j) => j.stage === 'transcoding' && j.progress > 0.2, 90_000);
    process.kill(-first.pid!, 'SIGKILL');

    startWorker();
    const done = await waitFor(job, (j) => j.status === 'done', 120_000);
    expect(done.attempts).toBe(2);
    const upload = sqlite.prepare('SELECT status, video_id FROM uploads WHERE id = ?').get(id) as {
      status: string;
      video_id: number;
    };
    expect(upload.status).toBe('done');
    const video = sqlite
      .prepare('SELECT status_id, media_path FROM videos WHERE id = ?')
      .get(upload.video_id) as {
      status_id: number;
      media_path: string;
    };
    expect(video.status_id).toBe(2);
    expect(existsSync(join(sut.config.mediaDir, video.media_path, 'manifest.json'))).toBe(true);
    // One video for one upload, whatever the crash.
    expect(sqlite.prepare('SELECT count(*) FROM videos WHERE title = ?').pluck().get('Crash reel')).toBe(1);
  }, 240_000);
});
