import type Database from 'better-sqlite3';

/**
 * Rebuilds the period counters listings sort on from the raw daily counters. popularity weighs recent
 * views higher (4×day + 2×week + month): "most popular" means recent interest, "most viewed" all time.
 * Also rebuilds the 90-day per-country ranking behind "top in country".
 */
export function rollupViewCounters(sqlite: Database.Database, today: number): void {
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `UPDATE videos SET
           views_day = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day >= @today), 0),
           views_week = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day > @today - 7 AND d.day <= @today), 0),
           views_month = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day > @today - 30 AND d.day <= @today), 0)
         WHERE id IN (SELECT video_id FROM video_views_daily WHERE day > @today - 31) OR views_month > 0`,
      )
      .run({ today });
    sqlite
      .prepare(
        `UPDATE videos SET popularity = 4 * views_day + 2 * views_week + views_month
         WHERE popularity != 4 * views_day + 2 * views_week + views_month`,
      )
      .run();
    sqlite.prepare('DELETE FROM video_country_views').run();
    sqlite
      .prepare(
        `INSERT INTO video_country_views (country, video_id, gender, views)
         SELECT d.country, d.video_id, v.gender, sum(d.views) FROM video_views_daily d JOIN videos v ON v.id = d.video_id
         WHERE d.day > @today - 90 AND d.country != 'xx' GROUP BY d.country, d.video_id`,
      )
      .run({ today });
    sqlite.prepare('DELETE FROM video_views_daily WHERE day <= @today - 400').run({ today });
  })();
}
