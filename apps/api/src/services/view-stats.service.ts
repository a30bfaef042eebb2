import type Database from 'better-sqlite3';
import type { Clock } from './clock';

export const UNKNOWN_COUNTRY = 'xx';

interface Pending {
  total: number;
  byCountry: Map<string, number>;
  byMember: Set<number>;
}

/**
 * Views are the hottest write: they accumulate in memory and land in one transaction per flush
 * (ARCHITECTURE: batched hot writes). Losing up to a second of view counts in a crash is acceptable.
 */
export function createViewStats({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  let pending = new Map<number, Pending>();
  /** Album views: only album_viewed is counted (no per-day or per-country counters for albums). */
  let pendingAlbums = new Map<number, number>();

  const bumpVideo = sqlite.prepare(
    `UPDATE videos SET video_viewed = video_viewed + @n, views_day = views_day + @n, views_week = views_week + @n,
       views_month = views_month + @n, popularity = popularity + 7 * @n
     WHERE id = @id AND status_id = 1`,
  );
  const bumpDaily = sqlite.prepare(
    `INSERT INTO video_views_daily (video_id, day, country, views) VALUES (?, ?, ?, ?)
     ON CONFLICT (video_id, day, country) DO UPDATE SET views = views + excluded.views`,
  );
  const bumpCountry = sqlite.prepare(
    `INSERT INTO video_country_views (country, video_id, gender, views)
       SELECT ?, id, gender, ? FROM videos WHERE id = ?
     ON CONFLICT (country, video_id) DO UPDATE SET views = views + excluded.views`,
  );
  const history = sqlite.prepare(
    `INSERT INTO watch_history (member_id, video_id, viewed_at) VALUES (?, ?, ?)
     ON CONFLICT (member_id, video_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
  );
  const exists = sqlite.prepare('SELECT 1 FROM videos WHERE id = ? AND status_id = 1').pluck();
  const bumpAlbum = sqlite.prepare(
    'UPDATE albums SET album_viewed = album_viewed + ? WHERE id = ? AND status_id = 1',
  );
  const albumExists = sqlite.prepare('SELECT 1 FROM albums WHERE id = ? AND status_id = 1').pluck();

  const flushTx = sqlite.transaction((batch: Map<number, Pending>, albums: Map<number, number>) => {
    for (const [id, n] of albums) bumpAlbum.run(n, id);
    const now = clock.now();
    const day = Math.floor(now / 86_400);
    for (const [id, p] of batch) {
      if (bumpVideo.run({ id, n: p.total }).changes === 0) continue;
      for (const [country, n] of p.byCountry) {
        bumpDaily.run(id, day, country, n);
        if (country !== UNKNOWN_COUNTRY) bumpCountry.run(country, n, id);
      }
      for (const member of p.byMember) history.run(member, id, now);
    }
  });

  return {
    /** Records one view. Returns false for a video that does not exist or is not public. */
    record(
      videoId: number,
      opts: { country: string | null; nogeo: boolean; memberId: number | null },
    ): boolean {
      if (!exists.get(videoId)) return false;
      let p = pending.get(videoId);
      if (!p) {
        p = { total: 0, byCountry: new Map(), byMember: new Set() };
        pending.set(videoId, p);
      }
      p.total++;
      const country = opts.nogeo || !opts.country ? UNKNOWN_COUNTRY : opts.country.toLowerCase();
      p.byCountry.set(country, (p.byCountry.get(country) ?? 0) + 1);
      if (opts.memberId) p.byMember.add(opts.memberId);
      return true;
    },

    /** Records one view of an album page. Returns false for an album that does not exist or is unapproved. */
    recordAlbum(albumId: number): boolean {
      if (!albumExists.get(albumId)) return false;
      pendingAlbums.set(albumId, (pendingAlbums.get(albumId) ?? 0) + 1);
      return true;
    },

    flush(): number {
      if (pending.size === 0 && pendingAlbums.size === 0) return 0;
      const batch = pending;
      const albums = pendingAlbums;
      pending = new Map();
      pendingAlbums = new Map();
      flushTx(batch, albums);
      return batch.size + albums.size;
    },

    get pendingCount(): number {
      return pending.size + pendingAlbums.size;
    },
  };
}

export type ViewStats = ReturnType<typeof createViewStats>;
