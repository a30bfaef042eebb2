import type { RestorationOverrides } from '@vt/media';

/**
 * Every job the worker knows, with its payload (ADR 0004). A name here without exactly one handler, or a
 * handler without a name here, stops the worker at start (assertCatalogue).
 */
export interface JobPayloads {
  /** Recomputes the denormalised counters and listing totals (hourly). */
  'stats.rollup': Record<string, never>;
  /** Deletes expired sessions (daily). */
  'sessions.purge': Record<string, never>;
  /** Re-indexes videos in the search engine (listed ones in, the rest out). */
  'search.index': { videoIds: number[] };
  /** Hashes, probes and transcodes a finished upload into a pending video. */
  'media.ingest': { uploadId: string };
  /** Deletes unfinished uploads past their expiry (hourly). */
  'uploads.cleanup': Record<string, never>;
  /**
   * Frees a deleted video's files: its own processed directory (null when it shares demo media) and the
   * originals of its uploads.
   */
  'media.free': { videoId: number; mediaPath: string | null; uploadIds: string[] };
  /** Re-processes a pending video from its kept original with a moderator's restoration overrides (ADR 0039). */
  'media.restore': { videoId: number; overrides: RestorationOverrides };
  /**
   * S3 mode (ADR 0023): makes the MP4 of one ladder level from the bucket and stores it at `key`
   * (`downloads/{media key}/{quality}-{hash}.mp4`); queued by a download's status or file request.
   */
  'media.download': { videoId: number; quality: string; key: string };
  /** Refreshes the suggester's title terms (daily). */
  'search.keywords': Record<string, never>;
  /** Tells the subscribers of a newly public video's uploader, models and channel (ADR 0028). */
  'notifications.fanout': { videoId: number };
  /** Mails the daily digest to members who chose it (queued hourly; once a day per member). */
  'notifications.digest': Record<string, never>;
  /** Mails the team about removal requests near or past their 48-hour deadline, once each (ADR 0037). */
  'removals.deadlines': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES = [
  'stats.rollup',
  'sessions.purge',
  'search.index',
  'search.keywords',
  'media.ingest',
  'uploads.cleanup',
  'notifications.fanout',
  'notifications.digest',
  'removals.deadlines',
  'media.free',
  'media.restore',
  'media.download',
] as const satisfies readonly JobName[];
