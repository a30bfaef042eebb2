import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { JOB_NAMES, type JobName, type JobPayloads } from './catalogue';
import type { Job, JobQueue } from './job-queue';

export interface JobContext {
  /** Reports progress (0–1) and what is happening; also keeps the lease alive. */
  progress(fraction: number, stage?: string): void;
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  ctx: JobContext,
) => Promise<unknown> | unknown;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Exactly one handler per catalogued job: a mismatch is a programming error found at start, not at 3 am. */
export function assertCatalogue(handlers: Record<string, unknown>): void {
  const missing = JOB_NAMES.filter((n) => typeof handlers[n] !== 'function');
  const unknown = Object.keys(handlers).filter((n) => !(JOB_NAMES as readonly string[]).includes(n));
  if (missing.length || unknown.length)
    throw new Error(
      `job catalogue mismatch: missing handlers [${missing.join(', ')}], unknown [${unknown.join(', ')}]`,
    );
}

export interface WorkerOptions {
  queue: JobQueue;
  handlers: JobHandlers;
  log: Logger;
  concurrency?: number;
  leaseSeconds?: number;
  pollMs?: number;
}

/** Runs up to `concurrency` jobs at a time from the queue until stopped. */
export function createWorker({
  queue,
  handlers,
  log,
  concurrency = 1,
  leaseSeconds = 60,
  pollMs = 500,
}: WorkerOptions) {
  assertCatalogue(handlers);
  const id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  let running = 0;
  // Only start() polls; drain() runs what is due and returns.
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const idle: (() => void)[] = [];

  async function run(job: Job) {
    running++;
    // Reports go out in order (a pool may run two statements at once), and are waited for before the end.
    let reports: Promise<unknown> = Promise.resolve();
    const report = (fraction: number, stage: string | null) => {
      reports = reports
        .then(() => queue.progress(job.id, id, fraction, stage, leaseSeconds))
        .catch((err: unknown) => log.warn({ job: job.id, err }, 'job progress not recorded'));
    };
    // Renew the lease even when a handler reports no progress for a while.
    const heartbeat = setInterval(() => report(job.progress, null), (leaseSeconds * 1000) / 3);
    try {
      const handler = handlers[job.name] as JobHandler<JobName>;
      const result = await handler(job.payload, {
        progress: (fraction, stage) => {
          job.progress = fraction;
          report(fraction, stage ?? null);
        },
        signal: controller.signal,
      });
      clearInterval(heartbeat);
      await reports;
      await queue.complete(job.id, id, result ?? null);
      log.debug({ job: job.id, name: job.name }, 'job done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      clearInterval(heartbeat);
      await reports;
      await queue
        .fail(job.id, id, message, job.attempts)
        .catch((e: unknown) => log.error({ job: job.id, err: e }, 'job failure not recorded'));
      log.warn({ job: job.id, name: job.name, attempt: job.attempts, err: message }, 'job failed');
    } finally {
      clearInterval(heartbeat);
      running--;
      if (running === 0) for (const resolve of idle.splice(0)) resolve();
      tick();
    }
  }

  // One claiming loop at a time; a tick asked for while it runs makes it look once more.
  let loop: Promise<void> | null = null;
  let again = false;
  async function claimLoop() {
    clearTimeout(timer);
    try {
      do {
        again = false;
        while (!stopped && running < concurrency) {
          const job = await queue.claim(id, leaseSeconds);
          if (!job) break;
          void run(job);
        }
      } while (again && !stopped);
    } catch (err) {
      log.error({ err }, 'job claim failed');
    }
    if (!stopped) timer = setTimeout(tick, pollMs);
  }
  function tick() {
    if (stopped) return;
    if (loop) {
      again = true;
      return;
    }
    loop = claimLoop().finally(() => {
      loop = null;
    });
  }

  return {
    id,
    start() {
      stopped = false;
      tick();
    },
    /** Stops claiming; resolves when the running jobs have finished. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      // A claim in flight may still hand over a job: it runs, and is waited for, like the others.
      await loop;
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
    /** Runs due jobs until none are left (tests, one-off commands). */
    async drain(): Promise<void> {
      for (;;) {
        // Jobs queued without waiting (enqueueLater) count as due too.
        await queue.settled();
        const job = await queue.claim(id, leaseSeconds);
        if (!job) break;
        await run(job);
      }
    },
  };
}
