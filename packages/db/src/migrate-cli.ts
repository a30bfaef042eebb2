import { migrateDb, openDb } from './client';

const file = process.env.DATABASE_FILE ?? 'data/site.db';
const db = openDb(file);
migrateDb(db);
db.$client.close();
console.log(`migrated ${file}`);
