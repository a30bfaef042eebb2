import type { DataLayer } from '@vt/db';
import { sql } from 'kysely';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';

/**
 * All SQL of video_captions written by moderators (issue 19, ADR 0041), on SQLite or PostgreSQL; every change
 * in one transaction with its audit entry.
 */
export function createCaptionsRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** The track's language and size in bytes (UTF-8), as the audit log records it. */
  const current = (trx: typeof db, videoId: number) =>
    trx
      .selectFrom('video_captions')
      .select(['lang', sql<number>`octet_length(vtt)`.as('bytes')])
      .where('video_id', '=', videoId)
      .executeTakeFirst();

  return {
    /** Whether the video exists and is not deleted. */
    async videoExists(videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('status_id', '!=', 5)
        .executeTakeFirst();
      return row !== undefined;
    },

    async current(videoId: number) {
      return (await current(db, videoId)) ?? null;
    },

    /**
     * Sets the video's track; `updated_at` (the track URL's version) always moves forward, even twice in one
     * second. `audit` builds the entry from the track before.
     */
    async set(p: {
      videoId: number;
      lang: string;
      vtt: string;
      now: number;
      audit: (before: { lang: string; bytes: number } | null) => AuditRow;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = (await current(trx, p.videoId)) ?? null;
        await trx
          .insertInto('video_captions')
          .values({ video_id: p.videoId, lang: p.lang, vtt: p.vtt, updated_at: p.now })
          .onConflict((oc) =>
            oc.column('video_id').doUpdateSet((eb) => ({
              lang: eb.ref('excluded.lang'),
              vtt: eb.ref('excluded.vtt'),
              updated_at: eb
                .case()
                .when('excluded.updated_at', '>', eb.ref('video_captions.updated_at'))
                .then(eb.ref('excluded.updated_at'))
                .else(eb('video_captions.updated_at', '+', 1))
                .end(),
            })),
          )
          .execute();
        await insertAuditEntry(trx, p.audit(before));
      });
    },

    /** Removes the video's track; false when it had none. */
    async remove(
      videoId: number,
      audit: (before: { lang: string; bytes: number }) => AuditRow,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await current(trx, videoId);
        if (!before) return false;
        await trx.deleteFrom('video_captions').where('video_id', '=', videoId).execute();
        await insertAuditEntry(trx, audit(before));
        return true;
      });
    },
  };
}

export type CaptionsRepository = ReturnType<typeof createCaptionsRepository>;
