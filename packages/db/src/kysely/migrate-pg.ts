import { type Migration, Migrator } from 'kysely';
import type { DataLayer } from './open';
import * as jobs from './pg-migrations/0001_jobs';
import * as rateLimits from './pg-migrations/0002_rate_limits';

/**
 * PostgreSQL's migrations, in order (ADR 0041). Listed here rather than read from a folder so that tsx, the
 * tests and a bundled build all see the same set. Kysely's migrator records them in kysely_migration and
 * holds a lock while it runs, so several nodes starting at once migrate once.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_jobs': jobs,
  '0002_rate_limits': rateLimits,
};

/** The aggregates whose tables exist on PostgreSQL so far; the rest of the site still needs SQLite. */
export const POSTGRES_AGGREGATES = ['jobs', 'rate limits'] as const;

export async function migratePostgres(layer: DataLayer): Promise<string[]> {
  if (layer.dialect !== 'postgres') throw new Error('migratePostgres needs a PostgreSQL data layer');
  const migrator = new Migrator({
    db: layer.db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
