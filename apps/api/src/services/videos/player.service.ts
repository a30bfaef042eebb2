import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';

/** Each member keeps the positions of this many videos, the newest first; older ones are dropped. */
export const POSITIONS_KEPT = 500;
/** Positions this close to either end are not worth resuming (the player starts over instead). */
export const RESUME_MARGIN_SEC = 5;

/** The members' saved positions (members/saved-videos.repository.ts), as the player uses them. */
export interface WatchPositions {
  /** A video anyone may watch, with its duration; undefined otherwise. */
  listedVideo(videoId: number): Promise<{ duration_sec: number } | undefined>;
  position(memberId: number, videoId: number): Promise<number | null>;
  savePosition(p: {
    memberId: number;
    videoId: number;
    at: number;
    now: number;
    kept: number;
  }): Promise<void>;
  clearPosition(memberId: number, videoId: number): Promise<void>;
}

export interface PlayerServiceDeps {
  saved: WatchPositions;
  clock: Clock;
}

/** Members' resume positions: read by the player after the page loads, written as they watch. */
export function createPlayerService({ saved, clock }: PlayerServiceDeps) {
  return {
    /** Seconds to resume from, or null (never watched, watched to the end, or no longer listed). */
    async position(memberId: number, videoId: number): Promise<number | null> {
      if (!(await saved.listedVideo(videoId))) return null;
      return saved.position(memberId, videoId);
    },

    /**
     * Keeps where the member is; a position near the start or the end clears it, so a finished video
     * starts over next time. Only listed videos: a hidden one answers as not found.
     */
    async savePosition(
      memberId: number,
      videoId: number,
      positionSec: number,
    ): Promise<{ position: number | null }> {
      const v = await saved.listedVideo(videoId);
      if (!v) throw new AppError('video_not_found', { status: 404 });
      const at = Math.floor(positionSec);
      if (at < RESUME_MARGIN_SEC || (v.duration_sec > 0 && at > v.duration_sec - RESUME_MARGIN_SEC)) {
        await saved.clearPosition(memberId, videoId);
        return { position: null };
      }
      await saved.savePosition({ memberId, videoId, at, now: clock.now(), kept: POSITIONS_KEPT });
      return { position: at };
    },
  };
}
