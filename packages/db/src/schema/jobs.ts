import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The durable job queue (ADR 0004): claimed with a lease, retried with backoff. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    // Same key, same work: enqueueing a key that is still queued or running is a no-op.
    uniqueKey: text('unique_key'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: integer('run_at').notNull(),
    leaseUntil: integer('lease_until'),
    lockedBy: text('locked_by'),
    progress: real('progress').notNull().default(0),
    stage: text('stage'),
    error: text('error'),
    result: text('result', { mode: 'json' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt, t.priority),
    index('jobs_unique_idx').on(t.uniqueKey, t.status),
  ],
);
