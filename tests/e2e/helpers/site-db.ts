/**
 * The e2e server's database (scripts/e2e-server.mjs), for the few specs whose fixtures read or write rows the
 * UI cannot make in seconds: SQLite (DATA_DIR/site.db) by default, the throwaway PostgreSQL server's database
 * with E2E_DATABASE=postgres. Opened the way the site opens it, queried with Kysely.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataLayer } from '@vt/db';
import { openSiteDatabase } from '../../../apps/api/src/database-target';

/** The e2e server's data dir. */
export const E2E_DATA_DIR = join(process.cwd(), 'data', `e2e-${process.env.E2E_PORT ?? 3100}`);

/** The server's DATABASE_URL (its script writes it next to the data), or null when it runs on SQLite. */
function databaseUrl(): string | null {
  const file = join(E2E_DATA_DIR, 'database-url');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** The environment for a CLI or script that must work on the server's database (`npm run admin`, …). */
export function siteEnv(): NodeJS.ProcessEnv {
  const url = databaseUrl();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: E2E_DATA_DIR };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  return env;
}

/** Runs `work` on the server's database, then closes it. */
export async function withSiteDb<T>(work: (db: DataLayer['db']) => Promise<T>): Promise<T> {
  const site = await openSiteDatabase(
    { databaseUrl: databaseUrl(), databaseFile: join(E2E_DATA_DIR, 'site.db') },
    { poolSize: 1 },
  );
  try {
    return await work(site.data.db);
  } finally {
    await site.close();
  }
}
