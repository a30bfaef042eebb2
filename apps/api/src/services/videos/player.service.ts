import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';

/** Each member keeps the positions of this many videos, the newest first; older ones are dropped. */
export const POSITIONS_KEPT = 500;
/** Positions this close to either end are not worth resuming (the player starts over instead). */
export const RESUME_MARGIN_SEC = 5;

export interface PlayerServiceDeps {
  sqlite: Database.Database;
  clock: Clock;
}

/** Members' resume positions: read by the player after the page loads, written as they watch. */
export function createPlayerService({ sqlite, clock }: PlayerServiceDeps) {
  const listed = sqlite.prepare(
    'SELECT duration_sec FROM videos WHERE id = ? AND status_id = 1 AND is_private = 0',
  );
  const get = sqlite.prepare('SELECT position_sec FROM watch_positions WHERE member_id = ? AND video_id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO watch_positions (member_id, video_id, position_sec, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (member_id, video_id) DO UPDATE SET position_sec = excluded.position_sec,
       updated_at = excluded.updated_at`,
  );
  const remove = sqlite.prepare('DELETE FROM watch_positions WHERE member_id = ? AND video_id = ?');
  const prune = sqlite.prepare(
    `DELETE FROM watch_positions WHERE member_id = ? AND video_id NOT IN (
       SELECT video_id FROM watch_positions WHERE member_id = ? ORDER BY updated_at DESC, video_id DESC LIMIT ?)`,
  );

  return {
    /** Seconds to resume from, or null (never watched, watched to the end, or no longer listed). */
    position(memberId: number, videoId: number): number | null {
      if (!listed.get(videoId)) return null;
      const r = get.get(memberId, videoId) as { position_sec: number } | undefined;
      return r ? r.position_sec : null;
    },

    /**
     * Keeps where the member is; a position near the start or the end clears it, so a finished video
     * starts over next time. Only listed videos: a hidden one answers as not found.
     */
    savePosition(memberId: number, videoId: number, positionSec: number): { position: number | null } {
      const v = listed.get(videoId) as { duration_sec: number } | undefined;
      if (!v) throw new AppError('video_not_found', { status: 404 });
      const at = Math.floor(positionSec);
      if (at < RESUME_MARGIN_SEC || (v.duration_sec > 0 && at > v.duration_sec - RESUME_MARGIN_SEC)) {
        remove.run(memberId, videoId);
        return { position: null };
      }
      sqlite.transaction(() => {
        upsert.run(memberId, videoId, at, clock.now());
        prune.run(memberId, memberId, POSITIONS_KEPT);
      })();
      return { position: at };
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
