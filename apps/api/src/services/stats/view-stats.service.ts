import type Database from 'better-sqlite3';
import type { RateLimits } from '../limits/rate-limits.service';
import type { Clock } from '../shared/clock';

export const UNKNOWN_COUNTRY = 'xx';

interface Pending {
  total: number;
  byCountry: Map<string, number>;
  byMember: Set<number>;
}

/** Who is viewing: the member when signed in, else the address plus the visitor cookie's id. */
export interface Visitor {
  ip: string;
  /** The visitor cookie's id, or null when the browser sent none. */
  id: string | null;
  /** The id just given to a browser that sent none: its next calls carry it. */
  issued?: string | null;
  memberId: number | null;
}

/**
 * The keys a view is counted under. A browser without the cookie yet is its address alone, and a view
 * counted that way also covers the id it was just given, so its next calls (with the cookie) add nothing.
 */
function visitorKeys(v: Visitor): [string, string | undefined] {
  if (v.memberId) return [`m${v.memberId}`, undefined];
  if (v.id) return [`${v.ip}|${v.id}`, undefined];
  return [`${v.ip}|`, v.issued ? `${v.ip}|${v.issued}` : undefined];
}

/**
 * Views are the hottest write: they accumulate in memory and land in one transaction per flush
 * (ARCHITECTURE: batched hot writes). Losing up to a second of view counts in a crash is acceptable.
 * A visitor counts once per video (or album) in VIEW_WINDOW, so repeating the call inflates nothing.
 */
export function createViewStats({
  sqlite,
  clock,
  limits,
}: {
  sqlite: Database.Database;
  clock: Clock;
  limits: RateLimits;
}) {
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
    /**
     * Records one view, unless this visitor's view of the video was already counted in the window (the
     * member's watch history is still refreshed). Returns false for a video that does not exist or is
     * not public.
     */
    async record(
      videoId: number,
      opts: { country: string | null; nogeo: boolean; visitor: Visitor },
    ): Promise<boolean> {
      if (!exists.get(videoId)) return false;
      const counts = await limits.firstView(`v${videoId}`, opts.visitor.ip, ...visitorKeys(opts.visitor));
      const memberId = opts.visitor.memberId;
      let p = pending.get(videoId);
      if (!p) {
        p = { total: 0, byCountry: new Map(), byMember: new Set() };
        pending.set(videoId, p);
      }
      if (memberId) p.byMember.add(memberId);
      if (!counts) return true;
      p.total++;
      const country = opts.nogeo || !opts.country ? UNKNOWN_COUNTRY : opts.country.toLowerCase();
      p.byCountry.set(country, (p.byCountry.get(country) ?? 0) + 1);
      return true;
    },

    /**
     * Records one view of an album page, once per visitor in the window. Returns false for an album that
     * does not exist or is unapproved.
     */
    async recordAlbum(albumId: number, visitor: Visitor): Promise<boolean> {
      if (!albumExists.get(albumId)) return false;
      if (!(await limits.firstView(`a${albumId}`, visitor.ip, ...visitorKeys(visitor)))) return true;
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
