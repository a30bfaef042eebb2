import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * PostgreSQL's listings walk a narrow copy of each video's sort and filter keys (ADR 0046, third addendum):
 * an index-only scan checks the visibility map for every entry it passes, and over the 430 MB `videos` heap
 * of a 1,000,000-video site that map spans two pages, between which a walk in sort order alternates (39,000
 * buffer hits for 79,000 entries, twice SQLite's time). This heap is a fifth of that, under the 255 MB one
 * map page covers. Triggers keep it equal to `videos`; nothing else writes it. SQLite needs none of this.
 */
const COLUMNS = [
  'id',
  'post_date',
  'duration_sec',
  'category_mask',
  'video_viewed',
  'views_day',
  'views_week',
  'views_month',
  'popularity',
  'comments_count',
  'rating',
  'status_id',
  'is_private',
  'duration_bucket',
  'is_hd',
  'production_decade',
  'gender',
] as const;

/** The sort indexes of `videos` (0003_core_schema and 0004), the same on the narrow table. */
const SORT_INDEXES = {
  latest: 'gender, post_date, id, duration_bucket, is_hd, category_mask, rating',
  longest: 'gender, duration_sec, id, duration_bucket, is_hd, category_mask',
  commented: 'gender, comments_count, id, duration_bucket, is_hd, category_mask',
  viewed: 'gender, video_viewed, id, duration_bucket, is_hd, category_mask',
  popular: 'gender, popularity, id, duration_bucket, is_hd, category_mask',
  pop_day: 'gender, views_day, id, duration_bucket, is_hd, category_mask',
  pop_week: 'gender, views_week, id, duration_bucket, is_hd, category_mask',
  pop_month: 'gender, views_month, id, duration_bucket, is_hd, category_mask',
  rating: 'gender, rating, id, duration_bucket, is_hd, category_mask, post_date',
  latest_length: 'gender, duration_bucket, post_date, id, is_hd, category_mask',
  commented_length: 'gender, duration_bucket, comments_count, id, is_hd, category_mask',
  viewed_length: 'gender, duration_bucket, video_viewed, id, is_hd, category_mask',
  popular_length: 'gender, duration_bucket, popularity, id, is_hd, category_mask',
  pop_day_length: 'gender, duration_bucket, views_day, id, is_hd, category_mask',
  pop_week_length: 'gender, duration_bucket, views_week, id, is_hd, category_mask',
  pop_month_length: 'gender, duration_bucket, views_month, id, is_hd, category_mask',
  rating_length: 'gender, duration_bucket, rating, id, is_hd, category_mask',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  // Writes to videos wait until the migration's transaction commits (about a minute at 1,000,000 videos):
  // one made between the copy below and the triggers would otherwise be missing from the copy. Reads go on.
  await sql`LOCK TABLE videos IN SHARE MODE`.execute(db);
  const list = sql.raw(COLUMNS.join(', '));
  // 8-byte columns first, then 4-byte ones, then the text: no padding between them.
  await sql`CREATE TABLE video_sort_keys (
      id bigint PRIMARY KEY,
      post_date bigint NOT NULL,
      duration_sec bigint NOT NULL,
      category_mask bigint NOT NULL,
      video_viewed bigint NOT NULL,
      views_day bigint NOT NULL,
      views_week bigint NOT NULL,
      views_month bigint NOT NULL,
      popularity bigint NOT NULL,
      comments_count bigint NOT NULL,
      rating double precision NOT NULL,
      status_id integer NOT NULL,
      is_private integer NOT NULL,
      duration_bucket integer NOT NULL,
      is_hd integer NOT NULL,
      production_decade integer,
      gender text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO video_sort_keys (${list}) SELECT ${list} FROM videos`.execute(db);
  for (const [name, columns] of Object.entries(SORT_INDEXES))
    await sql`CREATE INDEX ${sql.raw(`video_sort_keys_${name}_idx`)} ON video_sort_keys (${sql.raw(columns)})
      WHERE status_id = 1 AND is_private = 0`.execute(db);
  const assignments = sql.raw(COLUMNS.map((c) => `${c} = NEW.${c}`).join(', '));
  const values = sql.raw(COLUMNS.map((c) => `NEW.${c}`).join(', '));
  await sql`
    CREATE FUNCTION video_sort_keys_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO video_sort_keys (${list}) VALUES (${values});
      ELSIF TG_OP = 'UPDATE' THEN
        UPDATE video_sort_keys SET ${assignments} WHERE id = OLD.id;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM video_sort_keys WHERE id = OLD.id;
      ELSE
        TRUNCATE video_sort_keys;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const changed = sql.raw(
    `(${COLUMNS.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${COLUMNS.map((c) => `NEW.${c}`).join(', ')})`,
  );
  await sql`CREATE TRIGGER videos_sort_keys_write AFTER INSERT OR DELETE ON videos
    FOR EACH ROW EXECUTE FUNCTION video_sort_keys_sync()`.execute(db);
  // An edit of a title, a description or any column no listing sorts or filters on writes nothing here.
  await sql`CREATE TRIGGER videos_sort_keys_update AFTER UPDATE ON videos
    FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION video_sort_keys_sync()`.execute(db);
  await sql`CREATE TRIGGER videos_sort_keys_truncate AFTER TRUNCATE ON videos
    FOR EACH STATEMENT EXECUTE FUNCTION video_sort_keys_sync()`.execute(db);
  await sql`ANALYZE video_sort_keys`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`DROP TRIGGER IF EXISTS videos_sort_keys_write ON videos`.execute(db);
  await sql`DROP TRIGGER IF EXISTS videos_sort_keys_update ON videos`.execute(db);
  await sql`DROP TRIGGER IF EXISTS videos_sort_keys_truncate ON videos`.execute(db);
  await sql`DROP FUNCTION IF EXISTS video_sort_keys_sync()`.execute(db);
  await sql`DROP TABLE IF EXISTS video_sort_keys`.execute(db);
}
