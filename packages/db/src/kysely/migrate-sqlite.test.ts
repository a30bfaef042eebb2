import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { is } from 'drizzle-orm';
import { migrate as drizzleMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS_DIR, migrateDb, openDb } from '../client';
import * as schema from '../schema/index';

const run = promisify(execFile);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vt-migrate-sqlite-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every table, index and trigger as SQLite keeps its DDL: what two schemas must agree on. */
const ddl = (db: Db) =>
  db.$client
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_migration%' AND name <> '__drizzle_migrations'
       ORDER BY type, name`,
    )
    .all();

const applied = (db: Db) =>
  db.$client.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];

/** A migrations folder holding drizzle's first `count` migrations, as an older release shipped it. */
function olderRelease(count: number): string {
  const folder = join(dir, `drizzle-${count}`);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Every SQLite migration: the drizzle baseline, then the shared ones. */
const ALL = [
  '0000_drizzle_history',
  '0004_listing_length_indexes',
  '0005_search_title_words',
  '0006_postgres_video_sort_keys',
];

describe("SQLite on Kysely's migrator", () => {
  it('builds a new database from the drizzle history once, then has nothing to do', async () => {
    const db = openDb(join(dir, 'new.db'));
    expect(await migrateDb(db)).toEqual(ALL);
    expect(await migrateDb(db)).toEqual([]);
    expect(applied(db)).toEqual(ALL);
    db.$client.close();
  });

  it('takes over a site that drizzle migrated: no statement runs again, and its rows stay', async () => {
    const fresh = openDb(join(dir, 'reference.db'));
    await migrateDb(fresh);
    const db = openDb(join(dir, 'drizzle-site.db'));
    drizzleMigrate(db, { migrationsFolder: MIGRATIONS_DIR });
    db.$client.prepare("INSERT INTO categories (id, dir) VALUES (1, 'retro')").run();
    const history = db.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get();
    expect(await migrateDb(db)).toEqual(ALL);
    expect(db.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(history);
    expect(db.$client.prepare('SELECT dir FROM categories').pluck().all()).toEqual(['retro']);
    expect(ddl(db)).toEqual(ddl(fresh));
    fresh.$client.close();
    db.$client.close();
  });

  it('brings a site at an older drizzle migration to the newest schema', async () => {
    const fresh = openDb(join(dir, 'reference-2.db'));
    await migrateDb(fresh);
    const db = openDb(join(dir, 'older-site.db'));
    drizzleMigrate(db, { migrationsFolder: olderRelease(8) });
    expect(ddl(db)).not.toEqual(ddl(fresh));
    expect(await migrateDb(db)).toEqual(ALL);
    expect(ddl(db)).toEqual(ddl(fresh));
    fresh.$client.close();
    db.$client.close();
  });

  it('gives an analysed site statistics for the indexes it adds, so the planner weighs them fairly', async () => {
    const db = openDb(join(dir, 'analysed.db'));
    await migrateDb(db);
    const sqlite = db.$client;
    // A site that was analysed before the length indexes came.
    for (const name of ['videos_latest_length_idx', 'videos_rating_length_idx'])
      sqlite.exec(`DROP INDEX ${name}`);
    sqlite.exec('ANALYZE');
    // Kysely applies migrations in order only: the ones after 0004 run again too (each is idempotent).
    sqlite.prepare("DELETE FROM kysely_migration WHERE name >= '0004_listing_length_indexes'").run();
    expect(await migrateDb(db)).toEqual(ALL.slice(1));
    const analysed = sqlite
      .prepare("SELECT idx FROM sqlite_stat1 WHERE idx LIKE '%length_idx'")
      .pluck()
      .all();
    expect(analysed).toEqual(
      expect.arrayContaining(['videos_latest_length_idx', 'videos_rating_length_idx']),
    );
    sqlite.close();
  });

  it('migrates once when two processes start on the same new file at the same moment', async () => {
    const file = join(dir, 'two-processes.db');
    const start = () =>
      run(process.execPath, ['--import', 'tsx', 'packages/db/src/migrate-cli.ts'], {
        env: { ...process.env, DATABASE_FILE: file, DATABASE_URL: '' },
      });
    const outputs = await Promise.all([start(), start(), start()]);
    for (const o of outputs) expect(o.stdout).toMatch(/migrated /);
    const db = openDb(file);
    expect(applied(db)).toEqual(ALL);
    expect(db.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBeGreaterThan(10);
    db.$client.close();
  });

  it('has every drizzle table with the same columns and nullability', async () => {
    const db = openDb(join(dir, 'columns.db'));
    await migrateDb(db);
    const problems: string[] = [];
    const tables = (Object.values(schema) as unknown[])
      .filter((v): v is SQLiteTable => is(v, SQLiteTable))
      .map((t) => getTableConfig(t));
    for (const t of tables) {
      const columns = db.$client.prepare(`PRAGMA table_info("${t.name}")`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      const actual = new Map(columns.map((c) => [c.name, c]));
      if (actual.size === 0) problems.push(`${t.name}: missing`);
      for (const c of t.columns) {
        const col = actual.get(c.name);
        actual.delete(c.name);
        if (!col) problems.push(`${t.name}.${c.name}: missing`);
        else if (c.notNull !== (col.notnull === 1) && !(c.primary && col.pk > 0))
          problems.push(`${t.name}.${c.name}: nullability differs`);
      }
      for (const extra of actual.keys()) problems.push(`${t.name}.${extra}: not in drizzle`);
    }
    expect(problems).toEqual([]);
    db.$client.close();
  });
});
