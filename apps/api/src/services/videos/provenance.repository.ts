import type { DataLayer } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import type { Provenance } from './provenance-rules';

const toProvenance = (r: {
  production_year: number | null;
  production_decade: number | null;
  studio: string | null;
  rights_holder: string | null;
  licence_basis: Provenance['licenceBasis'];
  original_format: Provenance['originalFormat'];
  records_ref: string | null;
}): Provenance => ({
  year: r.production_year,
  decade: r.production_decade,
  studio: r.studio,
  rightsHolder: r.rights_holder,
  licenceBasis: r.licence_basis,
  originalFormat: r.original_format,
  recordsRef: r.records_ref,
});

/**
 * All SQL of video_provenance (ADR 0036, 0041), on SQLite or PostgreSQL, with the year and decade it copies to
 * videos for the listings.
 */
export function createProvenanceRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    async get(videoId: number): Promise<Provenance | null> {
      const r = await db
        .selectFrom('video_provenance')
        .select([
          'production_year',
          'production_decade',
          'studio',
          'rights_holder',
          'licence_basis',
          'original_format',
          'records_ref',
        ])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return r ? toProvenance(r) : null;
    },

    /** The video's status and uploader, or undefined. */
    async video(videoId: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'status_id', 'uploader_id'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /**
     * In one transaction: the record written (or, when `record` is null, removed), its year and decade
     * copied to videos, and the audit entry when there is one.
     */
    async write(p: {
      videoId: number;
      record: Provenance | null;
      actorId: number | null;
      now: number;
      audit?: AuditRow;
    }): Promise<void> {
      const r = p.record;
      await db.transaction().execute(async (trx) => {
        if (!r) await trx.deleteFrom('video_provenance').where('video_id', '=', p.videoId).execute();
        else
          await trx
            .insertInto('video_provenance')
            .values({
              video_id: p.videoId,
              production_year: r.year,
              production_decade: r.decade,
              studio: r.studio,
              rights_holder: r.rightsHolder,
              licence_basis: r.licenceBasis,
              original_format: r.originalFormat,
              records_ref: r.recordsRef,
              updated_at: p.now,
              updated_by: p.actorId,
            })
            .onConflict((oc) =>
              oc.column('video_id').doUpdateSet((eb) => ({
                production_year: eb.ref('excluded.production_year'),
                production_decade: eb.ref('excluded.production_decade'),
                studio: eb.ref('excluded.studio'),
                rights_holder: eb.ref('excluded.rights_holder'),
                licence_basis: eb.ref('excluded.licence_basis'),
                original_format: eb.ref('excluded.original_format'),
                records_ref: eb.ref('excluded.records_ref'),
                updated_at: eb.ref('excluded.updated_at'),
                updated_by: eb.ref('excluded.updated_by'),
              })),
            )
            .execute();
        await trx
          .updateTable('videos')
          .set({ production_year: r?.year ?? null, production_decade: r?.decade ?? null })
          .where('id', '=', p.videoId)
          .execute();
        if (p.audit) await insertAuditEntry(trx, p.audit);
      });
    },
  };
}

export type ProvenanceRepository = ReturnType<typeof createProvenanceRepository>;
