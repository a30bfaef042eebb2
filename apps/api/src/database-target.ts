import { POSTGRES_AGGREGATES } from '@vt/db';
import type { Config } from './config';

/**
 * The site runs on SQLite until every aggregate is on the data layer (ADR 0041). With DATABASE_URL set it
 * stops here, saying why, rather than run half on each database.
 */
export function requireSqliteSite(config: Pick<Config, 'databaseUrl'>): void {
  if (!config.databaseUrl) return;
  throw new Error(
    `DATABASE_URL is set, but only ${POSTGRES_AGGREGATES.join(', ')} run on PostgreSQL so far: ` +
      '`npm run migrate` prepares a PostgreSQL database; the site and its workers still need SQLite ' +
      '(unset DATABASE_URL). See docs/decisions/0041-kysely-on-sqlite-and-postgresql.md.',
  );
}
