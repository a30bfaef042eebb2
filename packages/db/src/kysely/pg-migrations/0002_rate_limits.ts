import { type Kysely, sql } from 'kysely';

/**
 * The abuse limits' counters (ADR 0016) on PostgreSQL: the table rate-limiter-flexible's Postgres store
 * reads and writes (key, points, expire in ms), made here so the store never creates it on a request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_expire_idx ON rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limits`.execute(db);
}
