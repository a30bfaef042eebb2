import { type DataLayer, lockSequencedTable } from '@vt/db';
import { sql } from 'kysely';
import type { SummaryRow } from './summary-index';

/** One verified match of a video with an earlier one, as stored from the later upload's side. */
export interface StoredMatch {
  matchId: number;
  coverage: number;
  matchCoverage: number;
  /** [start, end, matchStart, matchEnd] spans, as JSON text. */
  ranges: string;
  fullCopy: boolean;
}

/**
 * All SQL of video_fingerprints and fingerprint_matches (ADR 0034, 0041), on SQLite or PostgreSQL; the reads
 * join videos for the titles and statuses moderators see.
 */
export function createFingerprintsRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** Summaries written after sequence number `seq`, in sequence order. */
    async summariesSince(seq: number, limit: number): Promise<SummaryRow[]> {
      return db
        .selectFrom('video_fingerprints')
        .select(['video_id as id', 'summary_hi as hi', 'summary_lo as lo', 'seq'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },

    /** The media directory of a video that is not deleted, or null. */
    async mediaPathOf(videoId: number): Promise<string | null> {
      const row = await db
        .selectFrom('videos')
        .select('media_path')
        .where('id', '=', videoId)
        .where('status_id', '!=', 5)
        .executeTakeFirst();
      return row?.media_path ?? null;
    },

    /**
     * In one transaction: the video's matches replaced by `matches`, and its summary stored (or replaced) with
     * the next sequence number, so summary indexes in every process pick it up.
     */
    async saveMatches(p: {
      videoId: number;
      matches: readonly StoredMatch[];
      summary: { hi: number; lo: number; seconds: number };
      now: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockSequencedTable(trx, dialect, 'video_fingerprints');
        await trx.deleteFrom('fingerprint_matches').where('video_id', '=', p.videoId).execute();
        if (p.matches.length > 0)
          await trx
            .insertInto('fingerprint_matches')
            .values(
              p.matches.map((m) => ({
                video_id: p.videoId,
                match_id: m.matchId,
                coverage: m.coverage,
                match_coverage: m.matchCoverage,
                ranges: m.ranges,
                full_copy: m.fullCopy ? 1 : 0,
                created_at: p.now,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['video_id', 'match_id']).doUpdateSet((eb) => ({
                coverage: eb.ref('excluded.coverage'),
                match_coverage: eb.ref('excluded.match_coverage'),
                ranges: eb.ref('excluded.ranges'),
                full_copy: eb.ref('excluded.full_copy'),
                created_at: eb.ref('excluded.created_at'),
              })),
            )
            .execute();
        await trx
          .insertInto('video_fingerprints')
          .values((eb) => ({
            video_id: p.videoId,
            summary_hi: p.summary.hi,
            summary_lo: p.summary.lo,
            seconds: p.summary.seconds,
            created_at: p.now,
            seq: eb
              .selectFrom('video_fingerprints')
              .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next')),
          }))
          .onConflict((oc) =>
            oc.column('video_id').doUpdateSet((eb) => ({
              summary_hi: eb.ref('excluded.summary_hi'),
              summary_lo: eb.ref('excluded.summary_lo'),
              seconds: eb.ref('excluded.seconds'),
              seq: eb.ref('excluded.seq'),
            })),
          )
          .execute();
      });
    },

    /**
     * The videos sharing pictures with this one, both directions (it as the later upload, and as the one a
     * later upload copies), quarantined ones (status 8) left out: full copies first, then the largest shares.
     * `coverage` is always this video's share; `later` tells the other video is the later upload.
     */
    async matchesOf(videoId: number, limit: number) {
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('fingerprint_matches as m')
            .innerJoin('videos as v', 'v.id', 'm.match_id')
            .select([
              'm.match_id as videoId',
              'v.title',
              'v.dir',
              'v.status_id as statusId',
              'm.coverage',
              'm.match_coverage as otherCoverage',
              'm.full_copy as fullCopy',
              sql<number>`0`.as('later'),
              'm.ranges',
            ])
            .where('m.video_id', '=', videoId)
            .where('v.status_id', '!=', 8)
            .unionAll(
              eb
                .selectFrom('fingerprint_matches as m')
                .innerJoin('videos as v', 'v.id', 'm.video_id')
                .select([
                  'm.video_id as videoId',
                  'v.title',
                  'v.dir',
                  'v.status_id as statusId',
                  'm.match_coverage as coverage',
                  'm.coverage as otherCoverage',
                  sql<number>`0`.as('fullCopy'),
                  sql<number>`1`.as('later'),
                  'm.ranges',
                ])
                .where('m.match_id', '=', videoId)
                .where('v.status_id', '!=', 8),
            )
            .as('u'),
        )
        .selectAll()
        .orderBy('fullCopy', 'desc')
        .orderBy('coverage', 'desc')
        .orderBy('videoId')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, fullCopy: Number(r.fullCopy) === 1, later: Number(r.later) === 1 }));
    },

    /** Processed videos with no stored summary (neither deleted nor quarantined), by id: the backfill's work. */
    async unindexed(limit: number): Promise<{ id: number; media_path: string }[]> {
      return db
        .selectFrom('videos as v')
        .select(['v.id', 'v.media_path'])
        .where('v.media_path', 'is not', null)
        .where('v.status_id', 'not in', [5, 8])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('video_fingerprints as f').select('f.video_id').whereRef('f.video_id', '=', 'v.id'),
            ),
          ),
        )
        .orderBy('v.id')
        .limit(limit)
        .$narrowType<{ media_path: string }>()
        .execute();
    },

    /** Ids of every video this one shares pictures with, in either direction, ascending. */
    async copiesOf(videoId: number): Promise<number[]> {
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('fingerprint_matches')
            .select('match_id as id')
            .where('video_id', '=', videoId)
            .union(
              eb.selectFrom('fingerprint_matches').select('video_id as id').where('match_id', '=', videoId),
            )
            .as('u'),
        )
        .select('id')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Among `videoIds`, each full copy of a video that is not quarantined, with the copied one; largest share first. */
    async fullCopiesAmong(videoIds: readonly number[]): Promise<{ id: number; of: number }[]> {
      if (videoIds.length === 0) return [];
      return db
        .selectFrom('fingerprint_matches as m')
        .innerJoin('videos as v', 'v.id', 'm.match_id')
        .select(['m.video_id as id', 'm.match_id as of'])
        .where('m.full_copy', '=', 1)
        .where('v.status_id', '!=', 8)
        .where('m.video_id', 'in', videoIds)
        .orderBy('m.coverage', 'desc')
        .orderBy('m.match_id')
        .execute();
    },
  };
}

export type FingerprintsRepository = ReturnType<typeof createFingerprintsRepository>;
