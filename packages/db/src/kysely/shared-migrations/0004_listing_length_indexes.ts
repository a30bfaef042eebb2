import { type Kysely, SqliteAdapter, sql } from 'kysely';

/** Each sort column with an index led by the duration bucket ("longest" seeks its own column instead). */
const LENGTH_INDEXES = {
  videos_latest_length_idx: 'post_date',
  videos_commented_length_idx: 'comments_count',
  videos_viewed_length_idx: 'video_viewed',
  videos_popular_length_idx: 'popularity',
  videos_pop_day_length_idx: 'views_day',
  videos_pop_week_length_idx: 'views_week',
  videos_pop_month_length_idx: 'views_month',
  videos_rating_length_idx: 'rating',
} as const;

/**
 * Sort indexes for listings filtered by length (ADR 0046, second addendum), the same DDL on both databases.
 * At 1,000,000 videos each takes a few seconds to build on SQLite; a site upgrading waits that long once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of Object.entries(LENGTH_INDEXES))
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(name)} ON videos (gender, duration_bucket, ${sql.raw(column)}, id, is_hd, category_mask) WHERE status_id = 1 AND is_private = 0`.execute(
      db,
    );
  // SQLite: on a database that was analysed (a seeded site), an index without statistics is assumed to
  // select a handful of rows, and the planner chose a new one for listings it does not serve, sorting a
  // whole orientation (2 s at 1,000,000 videos). Analysing the new indexes takes a fraction of a second.
  // PostgreSQL keeps statistics per column, which these indexes do not change.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(db);
    if (Number(rows[0]?.n) > 0)
      for (const name of Object.keys(LENGTH_INDEXES)) await sql`ANALYZE ${sql.raw(name)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(LENGTH_INDEXES))
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
}
