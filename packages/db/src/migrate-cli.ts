import { join } from 'node:path';
import { migrateDb, openDb } from './client';
import { isPostgresUrl, migratePostgres, postgresDataLayer } from './kysely/index';

const url = process.env.DATABASE_URL;
if (url) {
  // The same check as apps/api/src/config.ts: PostgreSQL is the one client-server database.
  if (!isPostgresUrl(url)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const layer = postgresDataLayer(url, { max: 1 });
  try {
    const applied = await migratePostgres(layer);
    console.log(`migrated PostgreSQL (${applied.length ? applied.join(', ') : 'already up to date'})`);
  } finally {
    await layer.close();
  }
} else {
  // The same file the site opens (apps/api/src/config.ts): DATABASE_FILE, else DATA_DIR/site.db.
  const file = process.env.DATABASE_FILE ?? join(process.env.DATA_DIR ?? 'data', 'site.db');
  const db = openDb(file);
  await migrateDb(db);
  db.$client.close();
  console.log(`migrated ${file}`);
}
