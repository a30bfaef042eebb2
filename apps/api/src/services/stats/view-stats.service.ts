import { dayNumber } from '@vt/db';
import type { RateLimits } from '../limits/rate-limits.service';
import type { Clock } from '../shared/clock';
import type { ViewBatch, ViewsRepository } from './views.repository';

export const UNKNOWN_COUNTRY = 'xx';

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
 * (ARCHITECTURE: batched hot writes), on SQLite or PostgreSQL; batches from several nodes add up, as each
 * only adds its own counts. Losing up to a second of view counts in a crash is acceptable; a flush the
 * database refused goes back into the next one. A visitor counts once per video (or album) in VIEW_WINDOW,
 * so repeating the call inflates nothing.
 */
export function createViewStats({
  repo,
  clock,
  limits,
}: {
  repo: ViewsRepository;
  clock: Clock;
  limits: RateLimits;
}) {
  let pending: ViewBatch = emptyBatch();
  /** The flush under way: the next one waits for it, so batches land one at a time and in order. */
  let flushing: Promise<unknown> = Promise.resolve();

  async function write(batch: ViewBatch): Promise<number> {
    const now = clock.now();
    try {
      await repo.addBatch(batch, now, dayNumber(now), UNKNOWN_COUNTRY);
    } catch (err) {
      // Nothing of it was written (one transaction): keep its counts for the next flush.
      merge(pending, batch);
      throw err;
    }
    return batch.videos.size + batch.albums.size;
  }

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
      if (!(await repo.videoIsPublic(videoId))) return false;
      const counts = await limits.firstView(`v${videoId}`, opts.visitor.ip, ...visitorKeys(opts.visitor));
      const memberId = opts.visitor.memberId;
      const p = videoOf(pending, videoId);
      if (memberId) p.members.add(memberId);
      if (!counts) return true;
      const country = opts.nogeo || !opts.country ? UNKNOWN_COUNTRY : opts.country.toLowerCase();
      p.byCountry.set(country, (p.byCountry.get(country) ?? 0) + 1);
      return true;
    },

    /**
     * Records one view of an album page, once per visitor in the window. Returns false for an album that
     * does not exist or is unapproved.
     */
    async recordAlbum(albumId: number, visitor: Visitor): Promise<boolean> {
      if (!(await repo.albumIsPublic(albumId))) return false;
      if (!(await limits.firstView(`a${albumId}`, visitor.ip, ...visitorKeys(visitor)))) return true;
      pending.albums.set(albumId, (pending.albums.get(albumId) ?? 0) + 1);
      return true;
    },

    /** Writes what was counted since the last flush; resolves to the number of videos and albums written. */
    flush(): Promise<number> {
      const run = flushing.then(() => {
        if (pending.videos.size === 0 && pending.albums.size === 0) return 0;
        const batch = pending;
        pending = emptyBatch();
        return write(batch);
      });
      flushing = run.catch(() => {});
      return run;
    },

    get pendingCount(): number {
      return pending.videos.size + pending.albums.size;
    },
  };
}

const emptyBatch = (): ViewBatch => ({ videos: new Map(), albums: new Map() });

function videoOf(batch: ViewBatch, videoId: number) {
  let p = batch.videos.get(videoId);
  if (!p) {
    p = { byCountry: new Map(), members: new Set() };
    batch.videos.set(videoId, p);
  }
  return p;
}

/** Adds a batch that could not be written back into the pending one. */
function merge(into: ViewBatch, batch: ViewBatch): void {
  for (const [id, n] of batch.albums) into.albums.set(id, (into.albums.get(id) ?? 0) + n);
  for (const [id, v] of batch.videos) {
    const p = videoOf(into, id);
    for (const [c, n] of v.byCountry) p.byCountry.set(c, (p.byCountry.get(c) ?? 0) + n);
    for (const m of v.members) p.members.add(m);
  }
}

export type ViewStats = ReturnType<typeof createViewStats>;
