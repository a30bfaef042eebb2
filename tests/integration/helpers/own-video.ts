import { cpSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { expect } from 'vitest';
import { createJobHandlers } from '../../../apps/api/src/jobs/handlers';
import { createWorker } from '../../../apps/api/src/services/jobs/worker';
import { bucketOf } from '../../../apps/api/src/services/media/media-urls.service';
import { TEST_MEDIA, type TestApp } from './test-app';

/** Runs every queued job (search index, media.free, …) to the end. */
export const drainJobsOf = (sut: TestApp) => () =>
  createWorker({
    queue: sut.services.jobs,
    handlers: createJobHandlers(sut.services),
    log: pino({ level: 'silent' }),
  }).drain();

/**
 * Uploaded videos of one member, processed into their own directory (a copy of the test media), with their
 * uploads row; approved unless `status` says otherwise.
 */
export function ownVideoFactory(sut: TestApp, ownerId: () => number) {
  const sqlite = sut.db.$client;
  const drainJobs = drainJobsOf(sut);
  let seq = 0;
  return async function ownVideo(title: string, opts: { status?: number; durationSec?: number } = {}) {
    const now = Math.floor(Date.now() / 1000) + ++seq;
    const id = Number(
      sqlite
        .prepare(
          `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id,
             duration_sec, width, height, timeline_count, timeline_interval)
           VALUES (?, ?, 'The approved words.', 2, 'straight', ?, ?, ?, ?, 640, 360, 2, 5)`,
        )
        .run(title.toLowerCase().replaceAll(' ', '-'), title, now, now, ownerId(), opts.durationSec ?? 700)
        .lastInsertRowid,
    );
    const mediaPath = `uploads/${id}`;
    cpSync(join(sut.config.mediaDir, TEST_MEDIA), join(sut.config.mediaDir, mediaPath), { recursive: true });
    sqlite.prepare('UPDATE videos SET media_path = ? WHERE id = ?').run(mediaPath, id);
    sqlite
      .prepare(
        `INSERT INTO uploads (id, member_id, kind, filename, size, status, video_id, created_at, updated_at, expires_at)
         VALUES (?, ?, 'video', 'reel.mp4', 1000, 'done', ?, ?, ?, ?)`,
      )
      .run(`upload-${id}`, ownerId(), id, now, now, now + 3600);
    if ((opts.status ?? 1) === 1) expect(await sut.services.publish.approve([id])).toEqual([id]);
    else sqlite.prepare('UPDATE videos SET status_id = ? WHERE id = ?').run(opts.status, id);
    await drainJobs();
    return { id, dir: title.toLowerCase().replaceAll(' ', '-'), mediaPath };
  };
}

export const LATEST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';
export const videoJson = (id: number) => `/api/json/video/86400/${bucketOf(id)}/${id}.json`;
export const searchUrl = (s: string) =>
  `/api/videos2.php?params=600/straight/relevance/20/all..1.all.0.all&s=${encodeURIComponent(s)}`;

/** Calls a tRPC procedure the way the browser does; mutations POST JSON with the site's Origin. */
export const trpcOf =
  (sut: TestApp) =>
  (path: string, input: unknown, cookie: string, method: 'GET' | 'POST' = 'POST') => {
    if (method === 'GET')
      return sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, {
        headers: { cookie },
      });
    return sut.json(`/trpc/${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: sut.config.publicOrigin },
      body: JSON.stringify(input ?? {}),
    });
  };
