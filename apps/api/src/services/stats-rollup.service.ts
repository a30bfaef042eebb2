import type Database from 'better-sqlite3';
import type { Clock } from './clock';

/**
 * Rebuilds the period counters listings sort on from the raw daily counters. popularity weighs recent
 * views higher (4×day + 2×week + month), which is what "most popular" means as opposed to "most viewed".
 * Run by the stats job; the view write path keeps the same columns roughly current in between.
 */
export function createStatsRollup({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const periods = sqlite.prepare(
    `UPDATE videos SET
       views_day = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day >= @today), 0),
       views_week = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day > @today - 7), 0),
       views_month = coalesce((SELECT sum(views) FROM video_views_daily d WHERE d.video_id = videos.id AND d.day > @today - 30), 0)
     WHERE id IN (SELECT video_id FROM video_views_daily WHERE day > @today - 31)
        OR (views_month > 0 AND id NOT IN (SELECT video_id FROM video_views_daily WHERE day > @today - 30))`,
  );
  const popularity = sqlite.prepare(
    'UPDATE videos SET popularity = 4 * views_day + 2 * views_week + views_month WHERE popularity != 4 * views_day + 2 * views_week + views_month',
  );
  const clearCountries = sqlite.prepare('DELETE FROM video_country_views');
  const countries = sqlite.prepare(
    `INSERT INTO video_country_views (country, video_id, gender, views)
     SELECT d.country, d.video_id, v.gender, sum(d.views) FROM video_views_daily d JOIN videos v ON v.id = d.video_id
     WHERE d.day > @today - 90 AND d.country != 'xx' GROUP BY d.country, d.video_id`,
  );
  const prune = sqlite.prepare('DELETE FROM video_views_daily WHERE day <= @today - 400');

  return {
    run(): void {
      const today = Math.floor(clock.now() / 86_400);
      sqlite.transaction(() => {
        periods.run({ today });
        popularity.run();
        clearCountries.run();
        countries.run({ today });
        prune.run({ today });
      })();
    },
  };
}
