import { join } from 'node:path';
import { migrateDb, openDb } from './client';

// The same file the site opens (apps/api/src/config.ts): DATABASE_FILE, else DATA_DIR/site.db.
const file = process.env.DATABASE_FILE ?? join(process.env.DATA_DIR ?? 'data', 'site.db');
const db = openDb(file);
migrateDb(db);
db.$client.close();
console.log(`migrated ${file}`);
