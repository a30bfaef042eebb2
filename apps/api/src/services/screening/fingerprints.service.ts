import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  compareFingerprints,
  decodeFingerprint,
  type Fingerprint,
  FULL_COPY_COVERAGE,
  MEDIA_FILES,
} from '@vt/media';
import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';
import { createSummaryIndex } from './summary-index';

/** [start, end, matchStart, matchEnd] in seconds (end exclusive): a stretch of this video and the same pictures in the other. */
export type MatchedSpan = [number, number, number, number];

/** A near-duplicate by fingerprint, as the queue shows it on a video. */
export interface FingerprintMatchHint {
  videoId: number;
  title: string;
  dir: string;
  statusId: number;
  /** Share of this video's pictures the spans cover, and of the other's. */
  coverage: number;
  otherCoverage: number;
  /** This video is a full copy of the other (FULL_COPY_COVERAGE of it): it is held. */
  fullCopy: boolean;
  /** The other video was uploaded after this one and copies it (the match was found at its ingest). */
  later: boolean;
  spans: MatchedSpan[];
}

/** Candidates whose second-by-second fingerprints are read and compared, nearest summaries first. */
const CANDIDATES = 20;
/** Matches listed on one queue item. */
const SHOWN = 5;

interface StoredFingerprint {
  summary: [number, number] | null;
  seconds: number;
}

/**
 * Near-duplicates by fingerprint (ADR 0033, 0034): every processed upload's summary is stored, compared with
 * the nearest stored summaries, the candidates verified second by second on their fingerprint.bin, and what
 * it shares with them is recorded for moderators. A full copy of another video is held: approving it takes
 * an explicit, audited override (decisions.service).
 */
export function createFingerprints({
  sqlite,
  clock,
  mediaDir,
}: {
  sqlite: Database.Database;
  clock: Clock;
  mediaDir: string;
}) {
  const index = createSummaryIndex(
    sqlite,
    'SELECT video_id, summary_hi, summary_lo, seq FROM video_fingerprints WHERE seq > ? ORDER BY seq',
  );
  const save = sqlite.prepare(
    `INSERT INTO video_fingerprints (video_id, summary_hi, summary_lo, seconds, created_at, seq)
     VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM video_fingerprints))
     ON CONFLICT (video_id) DO UPDATE SET summary_hi = excluded.summary_hi, summary_lo = excluded.summary_lo,
       seconds = excluded.seconds, seq = excluded.seq`,
  );
  const mediaOf = sqlite.prepare('SELECT media_path FROM videos WHERE id = ? AND status_id != 5').pluck();
  const clearMatches = sqlite.prepare('DELETE FROM fingerprint_matches WHERE video_id = ?');
  const saveMatch = sqlite.prepare(
    `INSERT OR REPLACE INTO fingerprint_matches (video_id, match_id, coverage, match_coverage, ranges, full_copy, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // Both directions: the video as the later upload (video_id) and as the one a later upload copies (match_id).
  // Quarantined videos (status 8) are never named to moderators.
  const matches = sqlite.prepare(
    `SELECT * FROM (
       SELECT m.match_id AS videoId, v.title, v.dir, v.status_id AS statusId, m.coverage,
              m.match_coverage AS otherCoverage, m.full_copy AS fullCopy, 0 AS later, m.ranges
         FROM fingerprint_matches m JOIN videos v ON v.id = m.match_id
        WHERE m.video_id = ? AND v.status_id != 8
       UNION ALL
       SELECT m.video_id, v.title, v.dir, v.status_id, m.match_coverage, m.coverage, 0, 1, m.ranges
         FROM fingerprint_matches m JOIN videos v ON v.id = m.video_id
        WHERE m.match_id = ? AND v.status_id != 8)
     ORDER BY fullCopy DESC, coverage DESC LIMIT ${SHOWN}`,
  );
  const copies = sqlite
    .prepare(
      `SELECT match_id FROM fingerprint_matches WHERE video_id = ?
       UNION SELECT video_id FROM fingerprint_matches WHERE match_id = ? ORDER BY 1`,
    )
    .pluck();
  const holding = sqlite.prepare(
    `SELECT m.video_id AS id, m.match_id AS of FROM fingerprint_matches m JOIN videos v ON v.id = m.match_id
      WHERE m.full_copy = 1 AND v.status_id != 8 AND m.video_id IN (SELECT value FROM json_each(?))
      ORDER BY m.coverage DESC`,
  );

  async function read(mediaPath: string | null | undefined): Promise<Fingerprint | null> {
    if (!mediaPath) return null;
    const bytes = await readFile(join(mediaDir, mediaPath, MEDIA_FILES.fingerprint)).catch(() => null);
    return bytes ? decodeFingerprint(bytes) : null;
  }

  const service = {
    /** The second-by-second fingerprint of a processed video, or null (none written, or gone). */
    read,

    /**
     * Stores a processed video's summary and records what it shares with the videos whose summaries are
     * nearest, verified second by second. Idempotent: a re-run (or a re-processed video) replaces its rows.
     * Returns how many videos it shares pictures with and whether it is a full copy of one.
     */
    async indexAndMatch(
      videoId: number,
      mediaPath: string,
      stored: StoredFingerprint | null | undefined,
    ): Promise<{ matched: number; fullCopyOf: number | null }> {
      const none = { matched: 0, fullCopyOf: null };
      const summary = stored?.summary;
      const fp = summary ? await read(mediaPath) : null;
      if (!summary || !fp) return none;
      const candidates = index
        .nearest({ hi: summary[0], lo: summary[1] }, CANDIDATES + 1)
        .filter((id) => id !== videoId)
        .slice(0, CANDIDATES);
      const found: { other: number; coverage: number; otherCoverage: number; spans: MatchedSpan[] }[] = [];
      for (const other of candidates) {
        const theirs = await read(mediaOf.get(other) as string | null);
        if (!theirs) continue;
        const m = compareFingerprints(fp, theirs);
        if (m.ranges.length === 0) continue;
        found.push({
          other,
          coverage: m.coverageA,
          otherCoverage: m.coverageB,
          spans: m.ranges.map((r) => [r.aStart, r.aEnd, r.bStart, r.bEnd]),
        });
      }
      const now = clock.now();
      sqlite.transaction(() => {
        clearMatches.run(videoId);
        for (const f of found)
          saveMatch.run(
            videoId,
            f.other,
            f.coverage,
            f.otherCoverage,
            JSON.stringify(f.spans),
            f.coverage >= FULL_COPY_COVERAGE ? 1 : 0,
            now,
          );
        save.run(videoId, summary[0], summary[1], stored.seconds, now);
      })();
      const full = found
        .filter((f) => f.coverage >= FULL_COPY_COVERAGE)
        .sort((a, b) => b.coverage - a.coverage)[0];
      return { matched: found.length, fullCopyOf: full?.other ?? null };
    },

    /** What moderators see on a queued video: full copies first, then the largest shares (both directions). */
    matchesOf(videoId: number): FingerprintMatchHint[] {
      return (
        matches.all(videoId, videoId) as (Omit<FingerprintMatchHint, 'fullCopy' | 'later' | 'spans'> & {
          fullCopy: number;
          later: number;
          ranges: string;
        })[]
      ).map(({ ranges, fullCopy, later, ...r }) => {
        const spans = JSON.parse(ranges) as MatchedSpan[];
        return {
          ...r,
          fullCopy: fullCopy === 1,
          later: later === 1,
          // Stored from the later upload's side: seen from the earlier one, the two sides swap.
          spans: later === 1 ? spans.map(([a, b, c, d]): MatchedSpan => [c, d, a, b]) : spans,
        };
      });
    },

    /**
     * Ids of every video this one shares pictures with, in either direction (it copies them, or they copy
     * it), ascending. For removals that must also take down known copies, and for grouping versions.
     */
    copiesOf(videoId: number): number[] {
      return copies.all(videoId, videoId) as number[];
    },

    /**
     * The held ones among `videoIds`: each a full copy of another (not quarantined) video, with the video
     * it copies (the largest share first).
     */
    heldAmong(videoIds: readonly number[]): Map<number, number> {
      const held = new Map<number, number>();
      if (videoIds.length === 0) return held;
      for (const r of holding.all(JSON.stringify(videoIds)) as { id: number; of: number }[])
        if (!held.has(r.id)) held.set(r.id, r.of);
      return held;
    },
  };
  return service;
}

export type Fingerprints = ReturnType<typeof createFingerprints>;
