import {
  type DataLayer,
  type Db,
  migrateDb,
  migratePostgres,
  openDb,
  postgresDataLayer,
  sqliteDataLayer,
} from '@vt/db';
import type { Config } from './config';

/** The database a process of the site runs on, migrated to the newest schema. */
export interface SiteDatabase {
  data: DataLayer;
  /** The SQLite connection's drizzle handle; null on PostgreSQL. */
  db: Db | null;
  close(): Promise<void>;
}

/**
 * SQLite (DATA_DIR/site.db, or DATABASE_FILE) by default; PostgreSQL when DATABASE_URL is set (ADR 0041).
 * Several processes may start at once: each database's migrator runs the migrations once.
 */
export async function openSiteDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseFile'> & Partial<Pick<Config, 'databasePoolSize'>>,
  options: { cacheMiB?: number; poolSize?: number } = {},
): Promise<SiteDatabase> {
  if (config.databaseUrl) {
    const data = postgresDataLayer(config.databaseUrl, {
      max: options.poolSize ?? config.databasePoolSize,
    });
    await migratePostgres(data);
    return { data, db: null, close: () => data.close() };
  }
  const db = openDb(config.databaseFile, { cacheMiB: options.cacheMiB });
  await migrateDb(db);
  return {
    data: sqliteDataLayer(db.$client),
    db,
    close: async () => {
      db.$client.close();
    },
  };
}
