import { migrateDb, openDb } from '@vt/db';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffSeconds, createJobQueue, type JobQueue } from './job-queue';
import { assertCatalogue, createWorker, type JobHandlers } from './worker';

let now = 1_700_000_000;
const clock = { now: () => now };
let db: ReturnType<typeof openDb>;
let queue: JobQueue;
beforeEach(() => {
  db = openDb(':memory:');
  migrateDb(db);
  queue = createJobQueue({ sqlite: db.$client, clock });
});
afterEach(() => db.$client.close());

describe('the jobs table queue', () => {
  it('enqueues idempotently by unique key while one is pending', () => {
    const a = queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' });
    expect(a).not.toBeNull();
    expect(queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' })).toBeNull();
    const job = queue.claim('w1', 60)!;
    queue.complete(job.id, 'w1');
    expect(queue.enqueue('stats.rollup', {}, { uniqueKey: 'rollup' })).not.toBeNull();
  });

  it('leases a claimed job: no one else gets it until the lease lapses (a SIGKILLed worker)', () => {
    const id = queue.enqueue('sessions.purge', {})!;
    const job = queue.claim('w1', 60)!;
    expect(job).toMatchObject({ id, status: 'running', attempts: 1 });
    expect(queue.claim('w2', 60)).toBeNull();
    queue.progress(id, 'w1', 0.4, 'halfway', 60);
    expect(queue.get(id)).toMatchObject({ progress: 0.4, stage: 'halfway' });
    now += 61;
    const again = queue.claim('w2', 60)!;
    expect(again).toMatchObject({ id, attempts: 2 });
    // The dead worker's late reports no longer count.
    expect(queue.progress(id, 'w1', 0.9, null, 60)).toBe(false);
    queue.complete(id, 'w2', { ok: true });
    expect(queue.get(id)).toMatchObject({ status: 'done', progress: 1 });
  });

  it('retries with backoff and keeps the error; fails for good after max attempts', () => {
    const id = queue.enqueue('sessions.purge', {}, { maxAttempts: 2 })!;
    let job = queue.claim('w', 60)!;
    queue.fail(id, 'w', 'disk full', job.attempts);
    expect(queue.get(id)).toMatchObject({ status: 'queued', error: 'disk full' });
    expect(queue.claim('w', 60)).toBeNull();
    now += backoffSeconds(1);
    job = queue.claim('w', 60)!;
    queue.fail(id, 'w', 'disk still full', job.attempts);
    expect(queue.get(id)).toMatchObject({ status: 'failed', error: 'disk still full' });
    now += 10_000;
    expect(queue.claim('w', 60)).toBeNull();
    expect(backoffSeconds(1)).toBe(10);
    expect(backoffSeconds(3)).toBe(40);
    expect(backoffSeconds(50)).toBe(3600);
  });

  it('a running job whose worker died with no attempts left is marked failed', () => {
    const id = queue.enqueue('sessions.purge', {}, { maxAttempts: 1 })!;
    queue.claim('w', 60);
    now += 61;
    expect(queue.claim('w2', 60)).toBeNull();
    expect(queue.get(id)?.status).toBe('failed');
  });
});

describe('the worker', () => {
  const log = pino({ level: 'silent' });

  it('refuses to start unless every catalogued job has exactly one handler', () => {
    expect(() => assertCatalogue({ 'stats.rollup': () => {} })).toThrow(
      /missing handlers \[sessions.purge, search.index/,
    );
    expect(() =>
      assertCatalogue({ 'stats.rollup': () => {}, 'sessions.purge': () => {}, 'made.up': () => {} }),
    ).toThrow(/unknown \[made.up\]/);
  });

  it('runs jobs with progress, records results and failures', async () => {
    const seen: string[] = [];
    const handlers: JobHandlers = {
      'stats.rollup': (_p, ctx) => {
        ctx.progress(0.5, 'counting');
        seen.push('rollup');
        return { counted: 3 };
      },
      'sessions.purge': () => {
        throw new Error('locked');
      },
      'search.index': () => {},
      'search.keywords': () => {},
      'media.ingest': () => {},
      'media.free': () => {},
      'media.restore': () => {},
      'uploads.cleanup': () => {},
      'notifications.fanout': () => {},
      'notifications.digest': () => {},
      'removals.deadlines': () => {},
    };
    const a = queue.enqueue('stats.rollup', {})!;
    const b = queue.enqueue('sessions.purge', {})!;
    const worker = createWorker({ queue, handlers, log });
    await worker.drain();
    expect(seen).toEqual(['rollup']);
    expect(queue.get(a)).toMatchObject({ status: 'done', progress: 1 });
    expect(queue.get(b)).toMatchObject({ status: 'queued', error: 'locked', attempts: 1 });
  });
});
