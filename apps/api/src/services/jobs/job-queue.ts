import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';
import type { JobName, JobPayloads } from './catalogue';

export interface Job<N extends JobName = JobName> {
  id: number;
  name: N;
  payload: JobPayloads[N];
  attempts: number;
  maxAttempts: number;
  progress: number;
  stage: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
}

interface Row {
  id: number;
  name: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  progress: number;
  stage: string | null;
  status: Job['status'];
  error: string | null;
}

const toJob = (r: Row): Job => ({
  id: r.id,
  name: r.name as JobName,
  payload: JSON.parse(r.payload),
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  progress: r.progress,
  stage: r.stage,
  status: r.status,
  error: r.error,
});

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s … capped at an hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1));

/** The durable queue in the jobs table: idempotent enqueue, leased claims, progress, retries with backoff. */
export function createJobQueue({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const insert = sqlite.prepare(
    `INSERT INTO jobs (name, payload, unique_key, priority, max_attempts, run_at, created_at, updated_at)
     SELECT @name, @payload, @key, @priority, @maxAttempts, @runAt, @now, @now
     WHERE @key IS NULL OR NOT EXISTS
       (SELECT 1 FROM jobs WHERE unique_key = @key AND status IN ('queued', 'running'))`,
  );
  // Queued and due, or running with a lapsed lease (its worker died): the next one by priority and age.
  const claim = sqlite.prepare(
    `UPDATE jobs SET status = 'running', lease_until = @lease, locked_by = @worker,
       attempts = attempts + 1, updated_at = @now
     WHERE id = (
       SELECT id FROM jobs
       WHERE ((status = 'queued' AND run_at <= @now) OR (status = 'running' AND lease_until < @now))
         AND attempts < max_attempts
       ORDER BY priority DESC, run_at, id LIMIT 1)
     RETURNING *`,
  );
  const abandon = sqlite.prepare(
    `UPDATE jobs SET status = 'failed', error = coalesce(error, 'the worker stopped and no attempts are left'),
       lease_until = NULL, updated_at = @now
     WHERE status = 'running' AND lease_until < @now AND attempts >= max_attempts`,
  );
  const progress = sqlite.prepare(
    `UPDATE jobs SET progress = @progress, stage = coalesce(@stage, stage), lease_until = @lease, updated_at = @now
     WHERE id = @id AND locked_by = @worker AND status = 'running'`,
  );
  const done = sqlite.prepare(
    `UPDATE jobs SET status = 'done', progress = 1, result = @result, error = NULL, lease_until = NULL, updated_at = @now
     WHERE id = @id AND locked_by = @worker`,
  );
  const failed = sqlite.prepare(
    `UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
       run_at = @retryAt, error = @error, lease_until = NULL, locked_by = NULL, updated_at = @now
     WHERE id = @id AND locked_by = @worker`,
  );
  const byId = sqlite.prepare('SELECT * FROM jobs WHERE id = ?');

  return {
    /** Queues a job; with `uniqueKey`, a job of that key still queued or running makes this a no-op. */
    enqueue<N extends JobName>(
      name: N,
      payload: JobPayloads[N],
      opts: { uniqueKey?: string; priority?: number; delaySeconds?: number; maxAttempts?: number } = {},
    ): number | null {
      const now = clock.now();
      const r = insert.run({
        name,
        payload: JSON.stringify(payload),
        key: opts.uniqueKey ?? null,
        priority: opts.priority ?? 0,
        maxAttempts: opts.maxAttempts ?? 5,
        runAt: now + (opts.delaySeconds ?? 0),
        now,
      });
      return r.changes > 0 ? Number(r.lastInsertRowid) : null;
    },

    /** Takes the next due job for this worker, holding it for `leaseSeconds`. */
    claim(worker: string, leaseSeconds: number): Job | null {
      const now = clock.now();
      abandon.run({ now });
      const row = claim.get({ worker, now, lease: now + leaseSeconds }) as Row | undefined;
      return row ? toJob(row) : null;
    },

    /** Records progress (0–1) and a stage for people to read; renews the lease. */
    progress(
      id: number,
      worker: string,
      fraction: number,
      stage: string | null,
      leaseSeconds: number,
    ): boolean {
      const now = clock.now();
      const clamped = Math.max(0, Math.min(1, fraction));
      return (
        progress.run({ id, worker, progress: clamped, stage, lease: now + leaseSeconds, now }).changes > 0
      );
    },

    complete(id: number, worker: string, result: unknown = null): void {
      done.run({ id, worker, result: JSON.stringify(result), now: clock.now() });
    },

    /** Requeues with backoff, or marks it failed once its attempts are used up; the error is kept. */
    fail(id: number, worker: string, error: string, attempt: number): void {
      const now = clock.now();
      failed.run({ id, worker, error: error.slice(0, 2000), retryAt: now + backoffSeconds(attempt), now });
    },

    get(id: number): Job | null {
      const row = byId.get(id) as Row | undefined;
      return row ? toJob(row) : null;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
