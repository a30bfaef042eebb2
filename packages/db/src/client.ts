import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { isSqliteBusy, migrateDatabase } from './kysely/migrate';
import { sqliteDataLayer } from './kysely/open';
import * as schema from './schema/index';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export { MIGRATIONS_DIR } from './migrations-dir';

export interface OpenDbOptions {
  readonly?: boolean;
  /** Page cache in MiB; listings over a million rows want the hot indexes in memory. */
  cacheMiB?: number;
}

const WAL_TRIES = 100;
const WAL_RETRY_MS = 50;

/**
 * WAL mode, once another process starting on the same new file lets go of it: switching the journal mode
 * takes an exclusive lock, and SQLite answers SQLITE_BUSY at once, without the busy timeout, while another
 * connection is doing the same (an API node and a worker started together on a new site).
 */
function useWal(sqlite: Database.Database): void {
  for (let attempt = 1; ; attempt++) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!isSqliteBusy(err) || attempt >= WAL_TRIES) throw err;
      // openDb is synchronous, as better-sqlite3 is: a short blocking wait before trying again.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_MS);
    }
  }
}

export function openDb(file: string, options: OpenDbOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { readonly: options.readonly ?? false });
  sqlite.pragma('busy_timeout = 5000');
  useWal(sqlite);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = -${(options.cacheMiB ?? 64) * 1024}`);
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('mmap_size = 1073741824');
  return drizzle(sqlite, { schema }) as Db;
}

/** Migrates an SQLite site database to the newest schema (ADR 0041: Kysely's migrator, as PostgreSQL). */
export async function migrateDb(db: Db): Promise<string[]> {
  return migrateDatabase(sqliteDataLayer(db.$client));
}
