import { type Migration, Migrator } from 'kysely';
import type { DataLayer } from './open';
import * as jobs from './pg-migrations/0001_jobs';
import * as rateLimits from './pg-migrations/0002_rate_limits';
import * as coreSchema from './pg-migrations/0003_core_schema';
import * as listingLengthIndexes from './shared-migrations/0004_listing_length_indexes';
import * as searchTitleWords from './shared-migrations/0005_search_title_words';
import * as postgresVideoSortKeys from './shared-migrations/0006_postgres_video_sort_keys';
import * as drizzleHistory from './sqlite-migrations/0000_drizzle_history';

/**
 * The migrations of each database, in order (ADR 0041), run by Kysely's migrator and recorded in
 * kysely_migration. Each database starts from a baseline of its own: on PostgreSQL the three migrations
 * that built its schema, on SQLite the drizzle history every existing site has. Every later schema change
 * is ONE migration in SHARED, listed for both, with a dialect branch only where the DDL differs
 * (`db.getExecutor().adapter` or the layer's dialect). Listed here rather than read from a folder, so that
 * tsx, the tests and a bundled build all see the same set.
 */
const BASELINES: Record<DataLayer['dialect'], Record<string, Migration>> = {
  postgres: {
    '0001_jobs': jobs,
    '0002_rate_limits': rateLimits,
    '0003_core_schema': coreSchema,
  },
  sqlite: {
    '0000_drizzle_history': drizzleHistory,
  },
};

/** Schema changes after the baselines, for both databases. */
const SHARED: Record<string, Migration> = {
  '0004_listing_length_indexes': listingLengthIndexes,
  '0005_search_title_words': searchTitleWords,
  '0006_postgres_video_sort_keys': postgresVideoSortKeys,
};

/** How often SQLite tries again while another process holds the file's write lock (beyond busy_timeout). */
const SQLITE_BUSY_TRIES = 60;
const SQLITE_BUSY_RETRY_MS = 250;

/** Whether better-sqlite3 refused because another connection holds the lock (SQLITE_BUSY and its variants). */
export const isSqliteBusy = (err: unknown) =>
  /^SQLITE_BUSY/.test(String((err as { code?: unknown } | null)?.code ?? ''));

/** Migrates the database to the newest schema; answers the migrations it applied. */
export async function migrateDatabase(layer: DataLayer): Promise<string[]> {
  const migrations = { ...BASELINES[layer.dialect], ...SHARED };
  const migrator = new Migrator({ db: layer.db, provider: { getMigrations: async () => migrations } });
  const run = async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  // PostgreSQL: the migrator runs in a transaction under an advisory lock, so nodes starting at once
  // migrate once.
  if (layer.dialect === 'postgres') return run();
  // SQLite: Kysely's adapter takes neither. One IMMEDIATE transaction holds the file's write lock from the
  // first read, so a process starting beside another waits (busy_timeout, then these tries) and then finds
  // the work done; and a failed migration leaves nothing half-applied, as drizzle's migrator did.
  const { sqlite } = layer;
  for (let attempt = 1; ; attempt++) {
    try {
      sqlite.exec('BEGIN IMMEDIATE');
    } catch (err) {
      if (!isSqliteBusy(err) || attempt >= SQLITE_BUSY_TRIES) throw err;
      await new Promise((r) => setTimeout(r, SQLITE_BUSY_RETRY_MS));
      continue;
    }
    try {
      const applied = await run();
      sqlite.exec('COMMIT');
      return applied;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  }
}

/** PostgreSQL's migrations (`DATABASE_URL=postgres://… npm run migrate`). */
export async function migratePostgres(layer: DataLayer): Promise<string[]> {
  if (layer.dialect !== 'postgres') throw new Error('migratePostgres needs a PostgreSQL data layer');
  return migrateDatabase(layer);
}
