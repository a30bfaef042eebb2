import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  compareFingerprints,
  decodeFingerprint,
  type Fingerprint,
  FULL_COPY_COVERAGE,
  MEDIA_FILES,
} from '@vt/media';
import type { VideoFiles } from '../../media-store/video-files';
import type { Clock } from '../shared/clock';
import type { FingerprintsRepository } from './fingerprints.repository';
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
 * The fingerprint a pipeline run just wrote into a local directory (the ingest's, before its media is
 * published: in S3 mode it is in no bucket yet), or null.
 */
export async function fingerprintIn(dir: string): Promise<Fingerprint | null> {
  const bytes = await readFile(join(dir, MEDIA_FILES.fingerprint)).catch(() => null);
  return bytes ? decodeFingerprint(bytes) : null;
}

/**
 * Near-duplicates by fingerprint (ADR 0033, 0034): every processed upload's summary is stored, compared with
 * the nearest stored summaries, the candidates verified second by second on their fingerprint.bin, and what
 * it shares with them is recorded for moderators. A full copy of another video is held: approving it takes
 * an explicit, audited override (decisions.service).
 */
export function createFingerprints({
  repo,
  clock,
  videoFiles,
}: {
  repo: FingerprintsRepository;
  clock: Clock;
  /** Processed videos' files: below MEDIA_DIR, or their visible versions in the bucket (S3 mode). */
  videoFiles: Pick<VideoFiles, 'read'>;
}) {
  const index = createSummaryIndex(repo.summariesSince);

  async function read(mediaPath: string | null | undefined): Promise<Fingerprint | null> {
    if (!mediaPath) return null;
    const bytes = await videoFiles.read(mediaPath, MEDIA_FILES.fingerprint).catch(() => null);
    return bytes ? decodeFingerprint(bytes) : null;
  }

  const service = {
    /** The second-by-second fingerprint of a processed video, or null (none written, or gone). */
    read,

    /**
     * Stores a processed video's summary and records what it shares with the videos whose summaries are
     * nearest, verified second by second. Idempotent: a re-run (or a re-processed video) replaces its rows.
     * Returns how many videos it shares pictures with and whether it is a full copy of one. `own`: the
     * video's fingerprint when the caller has it (the ingest, from its local output); read otherwise.
     */
    async indexAndMatch(
      videoId: number,
      mediaPath: string,
      stored: StoredFingerprint | null | undefined,
      own?: Fingerprint | null,
    ): Promise<{ matched: number; fullCopyOf: number | null }> {
      const none = { matched: 0, fullCopyOf: null };
      const summary = stored?.summary;
      const fp = summary ? (own ?? (await read(mediaPath))) : null;
      if (!summary || !fp) return none;
      const candidates = (await index.nearest({ hi: summary[0], lo: summary[1] }, CANDIDATES + 1))
        .filter((id) => id !== videoId)
        .slice(0, CANDIDATES);
      const found: { other: number; coverage: number; otherCoverage: number; spans: MatchedSpan[] }[] = [];
      for (const other of candidates) {
        const theirs = await read(await repo.mediaPathOf(other));
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
      await repo.saveMatches({
        videoId,
        matches: found.map((f) => ({
          matchId: f.other,
          coverage: f.coverage,
          matchCoverage: f.otherCoverage,
          ranges: JSON.stringify(f.spans),
          fullCopy: f.coverage >= FULL_COPY_COVERAGE,
        })),
        summary: { hi: summary[0], lo: summary[1], seconds: stored.seconds },
        now: clock.now(),
      });
      const full = found
        .filter((f) => f.coverage >= FULL_COPY_COVERAGE)
        .sort((a, b) => b.coverage - a.coverage)[0];
      return { matched: found.length, fullCopyOf: full?.other ?? null };
    },

    /** Processed videos not yet indexed (processed before fingerprints existed), by id. */
    unindexed(limit: number): Promise<{ id: number; media_path: string }[]> {
      return repo.unindexed(limit);
    },

    /** What moderators see on a queued video: full copies first, then the largest shares (both directions). */
    async matchesOf(videoId: number): Promise<FingerprintMatchHint[]> {
      return (await repo.matchesOf(videoId, SHOWN)).map(({ ranges, ...r }) => {
        const spans = JSON.parse(ranges) as MatchedSpan[];
        // Stored from the later upload's side: seen from the earlier one, the two sides swap.
        return { ...r, spans: r.later ? spans.map(([a, b, c, d]): MatchedSpan => [c, d, a, b]) : spans };
      });
    },

    /**
     * Ids of every video this one shares pictures with, in either direction (it copies them, or they copy
     * it), ascending. For removals that must also take down known copies, and for grouping versions.
     */
    copiesOf(videoId: number): Promise<number[]> {
      return repo.copiesOf(videoId);
    },

    /**
     * The held ones among `videoIds`: each a full copy of another (not quarantined) video, with the video
     * it copies (the largest share first).
     */
    async heldAmong(videoIds: readonly number[]): Promise<Map<number, number>> {
      const held = new Map<number, number>();
      for (const r of await repo.fullCopiesAmong(videoIds)) if (!held.has(r.id)) held.set(r.id, r.of);
      return held;
    },
  };
  return service;
}

export type Fingerprints = ReturnType<typeof createFingerprints>;
