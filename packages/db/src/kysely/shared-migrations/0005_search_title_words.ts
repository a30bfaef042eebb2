import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * SQLite's search (ADR 0045, third addendum): each indexed video's title as FTS5 matches its words, in a
 * btree, for "titles that start with the query". The FTS5 engine fills it from the listed videos when it
 * starts with an index but an empty table (a site upgrading), and every index write keeps it. PostgreSQL's engine keeps its own
 * folded titles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`CREATE TABLE IF NOT EXISTS search_title_words (
    video_id INTEGER PRIMARY KEY, gender TEXT NOT NULL, words TEXT NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS search_title_words_idx ON search_title_words (gender, words)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`DROP TABLE IF EXISTS search_title_words`.execute(db);
}
