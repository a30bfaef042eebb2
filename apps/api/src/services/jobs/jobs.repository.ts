import { type DataLayer, type JobsTable, readJson, skipLockedRows, writeJson } from '@vt/db';
import type { Selectable } from 'kysely';

export type JobRow = Omit<Selectable<JobsTable>, 'payload' | 'result'> & {
  payload: unknown;
  result: unknown;
};

const PENDING = ['queued', 'running'] as const;

const toRow = (r: Selectable<JobsTable>): JobRow => ({
  ...r,
  payload: readJson(r.payload),
  result: r.result === null ? null : readJson(r.result),
});

/**
 * All SQL of the jobs table (ADR 0041), on SQLite or PostgreSQL. Every write is one statement, so it is
 * atomic on both without a transaction; policy (backoff, attempts, clamping) stays in the queue.
 */
export function createJobsRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** A new job; with a unique key, none while a job of that key is queued or running (then null). */
    async insert(job: {
      name: string;
      payload: unknown;
      uniqueKey: string | null;
      priority: number;
      maxAttempts: number;
      runAt: number;
      now: number;
    }): Promise<number | null> {
      const values = {
        name: job.name,
        payload: writeJson(job.payload),
        unique_key: job.uniqueKey,
        priority: job.priority,
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        created_at: job.now,
        updated_at: job.now,
      };
      let inserted: { id: number } | undefined;
      if (job.uniqueKey === null)
        inserted = await db.insertInto('jobs').values(values).returning('id').executeTakeFirst();
      else if (dialect === 'postgres')
        // A partial unique index (pending jobs' keys) decides, also between concurrent enqueues.
        inserted = await db
          .insertInto('jobs')
          .values(values)
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
      // SQLite runs one write at a time, so checking and inserting in one statement cannot race.
      else
        inserted = await db
          .insertInto('jobs')
          .columns([
            'name',
            'payload',
            'unique_key',
            'priority',
            'max_attempts',
            'run_at',
            'created_at',
            'updated_at',
          ])
          .expression(
            db
              .selectNoFrom((eb) => [
                eb.val(values.name).as('name'),
                eb.val(values.payload).as('payload'),
                eb.val(values.unique_key).as('unique_key'),
                eb.val(values.priority).as('priority'),
                eb.val(values.max_attempts).as('max_attempts'),
                eb.val(values.run_at).as('run_at'),
                eb.val(values.created_at).as('created_at'),
                eb.val(values.updated_at).as('updated_at'),
              ])
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('jobs')
                      .select('id')
                      .where('unique_key', '=', job.uniqueKey)
                      .where('status', 'in', PENDING),
                  ),
                ),
              ),
          )
          .returning('id')
          .executeTakeFirst();
      return inserted ? Number(inserted.id) : null;
    },

    /** Running jobs whose lease lapsed with no attempts left: failed, so they stop waiting forever. */
    async failAbandoned(now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'failed',
          error: eb.fn.coalesce('error', eb.val('the worker stopped and no attempts are left')),
          lease_until: null,
          updated_at: now,
        }))
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .whereRef('attempts', '>=', 'max_attempts')
        .execute();
    },

    /**
     * Takes the next job for `worker`: queued and due, or running with a lapsed lease (its worker died), by
     * priority then age. Competing claimers never get the same job (row lock on PostgreSQL, one writer on SQLite).
     */
    async claimNext(worker: string, now: number, leaseUntil: number): Promise<JobRow | null> {
      const row = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          lease_until: leaseUntil,
          locked_by: worker,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', (eb) =>
          skipLockedRows(
            eb
              .selectFrom('jobs')
              .select('id')
              .where((w) =>
                w.or([
                  w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]),
                  w.and([w('status', '=', 'running'), w('lease_until', '<', now)]),
                ]),
              )
              .whereRef('attempts', '<', 'max_attempts')
              .orderBy('priority', 'desc')
              .orderBy('run_at')
              .orderBy('id')
              .limit(1),
            dialect,
          ),
        )
        .returningAll()
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Progress and stage from the worker holding the job; renews its lease. False when it no longer holds it. */
    async reportProgress(p: {
      id: number;
      worker: string;
      progress: number;
      stage: string | null;
      leaseUntil: number;
      now: number;
    }): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set((eb) => ({
          progress: p.progress,
          stage: eb.fn.coalesce(eb.val(p.stage), 'stage'),
          lease_until: p.leaseUntil,
          updated_at: p.now,
        }))
        .where('id', '=', p.id)
        .where('locked_by', '=', p.worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async markDone(id: number, worker: string, result: unknown, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'done',
          progress: 1,
          result: writeJson(result),
          error: null,
          lease_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .execute();
    },

    /** Back to the queue for `retryAt`, or failed once its attempts are used up; the error is kept. */
    async markFailed(id: number, worker: string, error: string, retryAt: number, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: eb
            .case()
            .when('attempts', '>=', eb.ref('max_attempts'))
            .then(eb.val<'failed' | 'queued'>('failed'))
            .else(eb.val<'failed' | 'queued'>('queued'))
            .end(),
          run_at: retryAt,
          error,
          lease_until: null,
          locked_by: null,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .execute();
    },

    /** The newest job of a unique key, whatever its state. */
    async latestByKey(uniqueKey: string): Promise<JobRow | null> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('unique_key', '=', uniqueKey)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /**
     * Lets go of a failed job's unique key, once: true only for the one caller that did it (the failure
     * is then told to one asker, and the next ask queues the job anew).
     */
    async releaseFailedKey(id: number, uniqueKey: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ unique_key: null, updated_at: now })
        .where('id', '=', id)
        .where('unique_key', '=', uniqueKey)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async byId(id: number): Promise<JobRow | null> {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : null;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
