import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDb, openDb } from './client';
import { CopyRefusedError, copySqliteToPostgres } from './kysely/copy-to-postgres';
import { isPostgresUrl, postgresDataLayer } from './kysely/index';
import { createProgressBar } from './progress-bar';

/**
 * `npm run db:copy`: moves a SQLite site (DATABASE_FILE, else DATA_DIR/site.db, as the site opens it) into the
 * PostgreSQL database of DATABASE_URL. Stop the site first; the target must be new and empty.
 */
const url = process.env.DATABASE_URL;
const file = process.env.DATABASE_FILE || join(process.env.DATA_DIR || 'data', 'site.db');
if (!isPostgresUrl(url)) {
  console.error('db:copy: set DATABASE_URL=postgres://… to the (empty) PostgreSQL database to copy into');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`db:copy: no SQLite database at ${file} (set DATA_DIR or DATABASE_FILE)`);
  process.exit(2);
}

const source = openDb(file);
// The copy speaks the newest schema on both sides.
await migrateDb(source);
const target = postgresDataLayer(url, { max: 2 });
try {
  const counts = await copySqliteToPostgres(source.$client, target, createProgressBar('db:copy'));
  const width = Math.max(...counts.map((c) => c.table.length));
  for (const c of counts) console.log(`  ${c.table.padEnd(width)}  ${c.postgres}`);
  const rows = counts.reduce((a, c) => a + c.postgres, 0);
  console.log(
    `db:copy: copied ${rows} rows in ${counts.length} tables from ${file}; every table's count verified`,
  );
} catch (error) {
  console.error(
    `db:copy: ${error instanceof CopyRefusedError ? '' : 'failed, nothing was copied: '}${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await target.close();
  source.$client.close();
}
