import type Database from 'better-sqlite3';
import { type Compilable, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database as Tables } from '../kysely/database';
import { sqliteDataLayer } from '../kysely/open';
import { runOnSqlite } from '../kysely/sync-sqlite';

/**
 * The statements that rebuild the period counters listings sort on from the raw daily counters, in order, for
 * either database (ADR 0041). popularity weighs recent views higher (4×day + 2×week + month): "most popular"
 * means recent interest, "most viewed" all time. Also rebuilds the 90-day per-country ranking behind "top in
 * country", and drops daily counters older than 400 days. `today` is the UTC day number (dayNumber(now)).
 * Run them in one transaction.
 */
export function rollupViewStatements(db: Kysely<Tables>, today: number): Compilable[] {
  // A video's views from day `first` on (up to today; the day's own counter takes any later day too).
  const viewsFrom = (first: number, upToToday = true) => {
    const q = db
      .selectFrom('video_views_daily as d')
      .select((eb) => eb.fn.sum<number>('d.views').as('n'))
      .where('d.video_id', '=', sql.ref<number>('videos.id'))
      .where('d.day', '>=', first);
    return upToToday ? q.where('d.day', '<=', today) : q;
  };
  const popularity = (eb: ExpressionBuilder<Tables, 'videos'>) =>
    sql<number>`4 * ${eb.ref('views_day')} + 2 * ${eb.ref('views_week')} + ${eb.ref('views_month')}`;
  return [
    db
      .updateTable('videos')
      .set((eb) => ({
        views_day: eb.fn.coalesce(viewsFrom(today, false), eb.lit(0)),
        views_week: eb.fn.coalesce(viewsFrom(today - 6), eb.lit(0)),
        views_month: eb.fn.coalesce(viewsFrom(today - 29), eb.lit(0)),
      }))
      .where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            eb
              .selectFrom('video_views_daily')
              .select('video_id')
              .where('day', '>', today - 31),
          ),
          eb('views_month', '>', 0),
        ]),
      ),
    db
      .updateTable('videos')
      .set((eb) => ({ popularity: popularity(eb) }))
      .where((eb) => eb('popularity', '!=', popularity(eb))),
    db.deleteFrom('video_country_views'),
    db
      .insertInto('video_country_views')
      .columns(['country', 'video_id', 'gender', 'views'])
      .expression(
        db
          .selectFrom('video_views_daily as d')
          .innerJoin('videos as v', 'v.id', 'd.video_id')
          .select((eb) => ['d.country', 'd.video_id', 'v.gender', eb.fn.sum<number>('d.views').as('views')])
          .where('d.day', '>', today - 90)
          .where('d.country', '!=', 'xx')
          .groupBy(['d.country', 'd.video_id', 'v.gender']),
      ),
    db.deleteFrom('video_views_daily').where('day', '<=', today - 400),
  ];
}

/** The same rebuild, synchronously on a SQLite connection (the demo seed, which runs without the data layer). */
export function rollupViewCounters(sqlite: Database.Database, today: number): void {
  const { db } = sqliteDataLayer(sqlite);
  sqlite.transaction(() => {
    for (const statement of rollupViewStatements(db, today)) runOnSqlite(sqlite, statement);
  })();
}
