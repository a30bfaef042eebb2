import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { MIGRATIONS_DIR } from '../../migrations-dir';

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * SQLite's baseline (ADR 0041): the schema drizzle's migrations 0000–0017 built, which existing sites have
 * recorded in `__drizzle_migrations`. It applies the files a database has not had yet, by drizzle's own rule
 * (every file newer than the newest recorded one, its statements split at the breakpoints) and records them
 * the same way, so a site at any earlier drizzle migration arrives where a new one starts. Later schema
 * changes are Kysely migrations, listed after this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (
    id SERIAL PRIMARY KEY,
    hash text NOT NULL,
    created_at numeric
  )`.execute(db);
  const { rows } = await sql<{ last: number | null }>`
    SELECT max(created_at) AS last FROM "__drizzle_migrations"`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  for (const entry of journal.entries) {
    if (entry.when <= last) continue;
    const text = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await sql.raw(statement).execute(db);
    }
    const hash = createHash('sha256').update(text).digest('hex');
    await sql`INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (${hash}, ${entry.when})`.execute(
      db,
    );
  }
}
