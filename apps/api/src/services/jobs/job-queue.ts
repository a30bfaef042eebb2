import type { DataLayer } from '@vt/db';
import type { Clock } from '../shared/clock';
import type { JobName, JobPayloads } from './catalogue';
import { createJobsRepository, type JobRow } from './jobs.repository';

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

const toJob = (r: JobRow): Job => ({
  id: r.id,
  name: r.name as JobName,
  payload: r.payload as Job['payload'],
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  progress: r.progress,
  stage: r.stage,
  status: r.status,
  error: r.error,
});

export interface EnqueueOptions {
  uniqueKey?: string;
  priority?: number;
  delaySeconds?: number;
  maxAttempts?: number;
}

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s … capped at an hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1));

/**
 * The durable queue in the jobs table, on SQLite or PostgreSQL (ADR 0041): idempotent enqueue, leased claims,
 * progress, retries with backoff.
 */
export function createJobQueue({
  data,
  clock,
  onError = (err) => console.error('a job could not be queued', err),
}: {
  data: Pick<DataLayer, 'db' | 'dialect'>;
  clock: Clock;
  /** Where a failed `enqueueLater` is reported (its caller has already moved on). */
  onError?: (err: unknown) => void;
}) {
  const repo = createJobsRepository(data);
  const pending = new Set<Promise<unknown>>();

  async function enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    opts: EnqueueOptions = {},
  ): Promise<number | null> {
    const now = clock.now();
    return repo.insert({
      name,
      payload,
      uniqueKey: opts.uniqueKey ?? null,
      priority: opts.priority ?? 0,
      maxAttempts: opts.maxAttempts ?? 5,
      runAt: now + (opts.delaySeconds ?? 0),
      now,
    });
  }

  return {
    /** Queues a job; with `uniqueKey`, a job of that key still queued or running makes this a no-op (null). */
    enqueue,

    /**
     * For callers that are still synchronous (publish, moderation decisions): queues without waiting. A failure
     * goes to onError; `settled()` waits for what is in flight. Callers move to `await enqueue` as their
     * services become async (ADR 0041).
     */
    enqueueLater<N extends JobName>(name: N, payload: JobPayloads[N], opts: EnqueueOptions = {}): void {
      const p = enqueue(name, payload, opts)
        .catch(onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },

    /** Resolves once every `enqueueLater` made so far is written (workers claim after it; tests wait on it). */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },

    /** Takes the next due job for this worker, holding it for `leaseSeconds`. */
    async claim(worker: string, leaseSeconds: number): Promise<Job | null> {
      const now = clock.now();
      await repo.failAbandoned(now);
      const row = await repo.claimNext(worker, now, now + leaseSeconds);
      return row ? toJob(row) : null;
    },

    /** Records progress (0–1) and a stage for people to read; renews the lease. */
    progress(id: number, worker: string, fraction: number, stage: string | null, leaseSeconds: number) {
      const now = clock.now();
      const progress = Math.max(0, Math.min(1, fraction));
      return repo.reportProgress({ id, worker, progress, stage, leaseUntil: now + leaseSeconds, now });
    },

    complete(id: number, worker: string, result: unknown = null): Promise<void> {
      return repo.markDone(id, worker, result, clock.now());
    },

    /** Requeues with backoff, or marks it failed once its attempts are used up; the error is kept. */
    fail(id: number, worker: string, error: string, attempt: number): Promise<void> {
      const now = clock.now();
      return repo.markFailed(id, worker, error.slice(0, 2000), now + backoffSeconds(attempt), now);
    },

    async get(id: number): Promise<Job | null> {
      const row = await repo.byId(id);
      return row ? toJob(row) : null;
    },

    /** The newest job queued with this unique key (queued, running, done or failed), or null. */
    async latest(uniqueKey: string): Promise<Job | null> {
      const row = await repo.latestByKey(uniqueKey);
      return row ? toJob(row) : null;
    },

    /**
     * A failed job's key is let go so that the next enqueue of that key starts anew; true for the one
     * caller that did it (who tells the failure), false when it was not failed or another caller did.
     */
    releaseFailed(job: Pick<Job, 'id'>, uniqueKey: string): Promise<boolean> {
      return repo.releaseFailedKey(job.id, uniqueKey, clock.now());
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
