import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDb, openDb } from '@vt/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An SQLite file migrated to the newest schema once per run; test apps start from a copy of it. */
    migratedSchema: string;
  }
}

/**
 * Migrates one SQLite file with the site's migrator before the tests start. Migrating is async (Kysely's
 * migrator), and createTestApp is synchronous in dozens of suites: it copies this file instead, which is
 * the same schema and faster than migrating anew for each app.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'vt-schema-'));
  const file = join(dir, 'site.db');
  const db = openDb(file);
  await migrateDb(db);
  // Closing the last connection checkpoints the WAL into the file, so a plain copy holds the whole schema.
  db.$client.close();
  project.provide('migratedSchema', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
