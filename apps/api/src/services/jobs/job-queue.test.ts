import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DataLayer,
  jobs as jobsTable,
  migrateDb,
  migratePostgres,
  openDb,
  postgresDataLayer,
  sqliteDataLayer,
} from '@vt/db';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from '@vt/db/testing';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffSeconds, createJobQueue, type JobQueue } from './job-queue';
import { assertCatalogue, createWorker, type JobHandlers } from './worker';

let now = 1_700_000_000;
const clock = { now: () => now };

/** A database of one dialect, opened as two separate processes would open it. */
interface Target {
  layers: DataLayer[];
  /** Another connection (SQLite) or pool (PostgreSQL) to the same database. */
  connect(): DataLayer;
  close(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'vt-jobs-'));
  const file = join(dir, 'site.db');
  const first = openDb(file);
  await migrateDb(first);
  const handles = [first];
  const target: Target = {
    layers: [sqliteDataLayer(first.$client)],
    connect() {
      const db = openDb(file);
      handles.push(db);
      const layer = sqliteDataLayer(db.$client);
      target.layers.push(layer);
      return layer;
    },
    async close() {
      for (const h of handles) h.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return target;
}

let server: TestPostgres | null = null;
async function postgresTarget(): Promise<Target> {
  const url = await server!.freshDatabase();
  const first = postgresDataLayer(url, { max: 4 });
  await migratePostgres(first);
  const target: Target = {
    layers: [first],
    connect() {
      const layer = postgresDataLayer(url, { max: 4 });
      target.layers.push(layer);
      return layer;
    },
    async close() {
      for (const l of target.layers) await l.close();
    },
  };
  return target;
}

const pgMissing = postgresUnavailableReason();
if (pgMissing) console.warn(pgMissing);

const DIALECTS = [
  { name: 'SQLite', open: sqliteTarget, skip: null },
  { name: 'PostgreSQL', open: postgresTarget, skip: pgMissing },
] as const;

const handlers = (over: Partial<JobHandlers> = {}): JobHandlers => ({
  'stats.rollup': () => {},
  'sessions.purge': () => {},
  'search.index': () => {},
  'search.keywords': () => {},
  'media.ingest': () => {},
  'media.free': () => {},
  'media.restore': () => {},
  'media.download': () => {},
  'uploads.cleanup': () => {},
  'notifications.fanout': () => {},
  'notifications.digest': () => {},
  'removals.deadlines': () => {},
  ...over,
});

for (const dialect of DIALECTS) {
  describe.skipIf(dialect.skip)(`the jobs table queue on ${dialect.name}`, () => {
    let target: Target;
    let queue: JobQueue;
    beforeAll(async () => {
      if (dialect.name === 'PostgreSQL') server = await startPostgres();
    });
    afterAll(async () => {
      if (dialect.name === 'PostgreSQL') await server?.stop();
    });
    beforeEach(async () => {
      now = 1_700_000_000;
      target = await dialect.open();
      queue = createJobQueue({ data: target.layers[0]!, clock });
    });
    afterEach(() => target.close());

    it('enqueues idempotently by unique key while one is pending', async () => {
      const a = await queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' });
      expect(a).not.toBeNull();
      expect(await queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' })).toBeNull();
      const job = (await queue.claim('w1', 60))!;
      expect(await queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' })).toBeNull();
      await queue.complete(job.id, 'w1');
      expect(await queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' })).not.toBeNull();
    });

    it('keeps one pending job per key when processes enqueue it at the same moment', async () => {
      const other = createJobQueue({ data: target.connect(), clock });
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : queue).enqueue('media.ingest', { uploadId: 'u1' }, { uniqueKey: 'ingest:u1' }),
        ),
      );
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
    });

    it('finds the newest job of a key, and lets go of a failed one’s key for one caller only', async () => {
      const key = 'download:downloads/x~1/360p-0123.mp4';
      const payload = { videoId: 1, quality: '360p', key: 'downloads/x~1/360p-0123.mp4' };
      expect(await queue.latest(key)).toBeNull();
      const id = (await queue.enqueue('media.download', payload, { uniqueKey: key, maxAttempts: 1 }))!;
      expect(await queue.latest(key)).toMatchObject({ id, status: 'queued', progress: 0 });
      const job = (await queue.claim('w', 60))!;
      await queue.progress(job.id, 'w', 0.25, 'remuxing', 60);
      expect(await queue.latest(key)).toMatchObject({ id, status: 'running', progress: 0.25 });
      // Not failed: nothing to let go of.
      expect(await queue.releaseFailed(job, key)).toBe(false);
      await queue.fail(job.id, 'w', 'ffmpeg exit 1', job.attempts);
      expect(await queue.latest(key)).toMatchObject({ id, status: 'failed' });
      const other = createJobQueue({ data: target.connect(), clock });
      const told = await Promise.all([queue.releaseFailed(job, key), other.releaseFailed(job, key)]);
      expect(told.sort()).toEqual([false, true]);
      expect(await queue.latest(key)).toBeNull();
      const again = await queue.enqueue('media.download', payload, { uniqueKey: key });
      expect(again).not.toBeNull();
      expect((await queue.latest(key))?.id).toBe(again);
    });

    it('keeps the payload and the result as they were given', async () => {
      const payload = { videoId: 7, overrides: { deinterlace: 'on' as const, crop: null } };
      const id = (await queue.enqueue('media.restore', payload as never))!;
      const job = (await queue.claim('w', 60))!;
      expect(job).toMatchObject({ id, name: 'media.restore', payload, status: 'running', attempts: 1 });
      await queue.complete(id, 'w', { renditions: ['240p', '480p'], ok: true });
      expect(await queue.get(id)).toMatchObject({ status: 'done', progress: 1, error: null });
    });

    it('hands out by priority, then age; a delayed job waits for its time', async () => {
      const low = (await queue.enqueue('sessions.purge', {}))!;
      const later = (await queue.enqueue('stats.rollup', {}, { priority: 50, delaySeconds: 30 }))!;
      const high = (await queue.enqueue('search.keywords', {}, { priority: 10 }))!;
      expect((await queue.claim('w', 60))?.id).toBe(high);
      expect((await queue.claim('w', 60))?.id).toBe(low);
      expect(await queue.claim('w', 60)).toBeNull();
      now += 30;
      expect((await queue.claim('w', 60))?.id).toBe(later);
    });

    it('claimers in several processes never get the same job', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) ids.push((await queue.enqueue('search.index', { videoIds: [i] }))!);
      const claimers = [queue, ...[1, 2, 3].map(() => createJobQueue({ data: target.connect(), clock }))];
      const taken = await Promise.all(
        claimers.map(async (q, n) => {
          const mine: number[] = [];
          for (let job = await q.claim(`w${n}`, 60); job; job = await q.claim(`w${n}`, 60)) mine.push(job.id);
          return mine;
        }),
      );
      expect(taken.flat().sort((a, b) => a - b)).toEqual(ids);
    });

    it('leases a claimed job: no one else gets it until the lease lapses (a SIGKILLed worker)', async () => {
      const other = createJobQueue({ data: target.connect(), clock });
      const id = (await queue.enqueue('sessions.purge', {}))!;
      const job = (await queue.claim('w1', 60))!;
      expect(job).toMatchObject({ id, status: 'running', attempts: 1 });
      expect(await other.claim('w2', 60)).toBeNull();
      expect(await queue.progress(id, 'w1', 0.4, 'halfway', 60)).toBe(true);
      expect(await other.get(id)).toMatchObject({ progress: 0.4, stage: 'halfway' });
      // Progress renews the lease: 50 s later it still holds.
      now += 50;
      expect(await other.claim('w2', 60)).toBeNull();
      now += 61;
      const again = (await other.claim('w2', 60))!;
      expect(again).toMatchObject({ id, attempts: 2 });
      // The dead worker's late reports no longer count.
      expect(await queue.progress(id, 'w1', 0.9, null, 60)).toBe(false);
      expect(await other.progress(id, 'w2', 1.5, null, 60)).toBe(true);
      expect((await queue.get(id))?.progress).toBe(1);
      await other.complete(id, 'w2', { ok: true });
      expect(await queue.get(id)).toMatchObject({ status: 'done', progress: 1, stage: 'halfway' });
    });

    it('retries with backoff and keeps the error; fails for good after max attempts', async () => {
      const id = (await queue.enqueue('sessions.purge', {}, { maxAttempts: 2 }))!;
      let job = (await queue.claim('w', 60))!;
      await queue.fail(id, 'w', 'disk full', job.attempts);
      expect(await queue.get(id)).toMatchObject({ status: 'queued', error: 'disk full' });
      expect(await queue.claim('w', 60)).toBeNull();
      now += backoffSeconds(1);
      job = (await queue.claim('w', 60))!;
      await queue.fail(id, 'w', 'disk still full', job.attempts);
      expect(await queue.get(id)).toMatchObject({ status: 'failed', error: 'disk still full' });
      now += 10_000;
      expect(await queue.claim('w', 60)).toBeNull();
      expect(backoffSeconds(1)).toBe(10);
      expect(backoffSeconds(3)).toBe(40);
      expect(backoffSeconds(50)).toBe(3600);
    });

    it('a running job whose worker died with no attempts left is marked failed', async () => {
      const id = (await queue.enqueue('sessions.purge', {}, { maxAttempts: 1 }))!;
      await queue.claim('w', 60);
      now += 61;
      expect(await queue.claim('w2', 60)).toBeNull();
      expect(await queue.get(id)).toMatchObject({
        status: 'failed',
        error: 'the worker stopped and no attempts are left',
      });
    });

    it('a worker runs jobs with progress, records results and failures, and sees jobs queued without waiting', async () => {
      const seen: string[] = [];
      const a = (await queue.enqueue('stats.rollup', {}))!;
      const b = (await queue.enqueue('sessions.purge', {}))!;
      queue.enqueueLater('search.keywords', {});
      const worker = createWorker({
        queue,
        log: pino({ level: 'silent' }),
        handlers: handlers({
          'stats.rollup': (_p, ctx) => {
            ctx.progress(0.5, 'counting');
            seen.push('rollup');
            return { counted: 3 };
          },
          'sessions.purge': () => {
            throw new Error('locked');
          },
          'search.keywords': () => {
            seen.push('keywords');
          },
        }),
      });
      await worker.drain();
      expect(seen.sort()).toEqual(['keywords', 'rollup']);
      expect(await queue.get(a)).toMatchObject({ status: 'done', progress: 1, stage: 'counting' });
      expect(await queue.get(b)).toMatchObject({ status: 'queued', error: 'locked', attempts: 1 });
    });

    it('a started worker picks up what is queued and stops cleanly', async () => {
      const ran: number[] = [];
      const worker = createWorker({
        queue,
        log: pino({ level: 'silent' }),
        pollMs: 20,
        concurrency: 2,
        handlers: handlers({
          'search.index': ({ videoIds }) => {
            ran.push(...videoIds);
          },
        }),
      });
      worker.start();
      for (let i = 0; i < 5; i++) await queue.enqueue('search.index', { videoIds: [i] });
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(5);
      await worker.stop();
      expect(ran.sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it.runIf(dialect.name === 'PostgreSQL')('has the columns of the one schema definition', async () => {
      const { rows } = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns WHERE table_name = 'jobs'`.execute(
        target.layers[0]!.db,
      );
      const expected = getTableConfig(jobsTable).columns.map((c) => c.name);
      expect(rows.map((r) => r.column_name).sort()).toEqual([...expected].sort());
    });
  });
}

describe('the worker', () => {
  it('refuses to start unless every catalogued job has exactly one handler', () => {
    expect(() => assertCatalogue({ 'stats.rollup': () => {} })).toThrow(
      /missing handlers \[sessions.purge, search.index/,
    );
    expect(() =>
      assertCatalogue({ 'stats.rollup': () => {}, 'sessions.purge': () => {}, 'made.up': () => {} }),
    ).toThrow(/unknown \[made.up\]/);
  });
});
