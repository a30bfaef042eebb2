import { type DataLayer, readJson, writeJson } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import { transactionOf } from '../community/community-targets';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

export const TAKEDOWNS_PAGE_SIZE = 50;

function takedownQueries({ db }: Layer) {
  return {
    /** The videos among these ids, as a claim takes them down. */
    videos(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('videos')
        .select(['id', 'title', 'status_id', 'uploader_id'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    /** Records a claim; its id. */
    async insert(t: {
      claimant: string;
      claimantEmail: string;
      work: string;
      urls: readonly string[];
      videoIds: readonly number[];
      reportId: number | null;
      createdBy: number;
      now: number;
    }): Promise<number> {
      const r = await db
        .insertInto('takedowns')
        .values({
          claimant: t.claimant,
          claimant_email: t.claimantEmail,
          work: t.work,
          urls: writeJson(t.urls),
          video_ids: writeJson(t.videoIds),
          report_id: t.reportId,
          created_by: t.createdBy,
          created_at: t.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** The claim's report and the open reports about its videos, actioned: taken down. */
    async resolveReports(reportId: number | null, videoIds: readonly number[], actorId: number, now: number) {
      await db
        .updateTable('reports')
        .set({ status: 'actioned', resolution: 'taken_down', resolved_at: now, resolved_by: actorId })
        .where('status', '=', 'open')
        .where((eb) =>
          eb.or([
            ...(reportId === null ? [] : [eb('id', '=', reportId)]),
            ...(videoIds.length === 0
              ? []
              : [eb.and([eb('target_section', '=', 'video'), eb('target_id', 'in', videoIds)])]),
          ]),
        )
        .execute();
    },

    audit: (row: AuditRow) => insertAuditEntry(db, row),

    /** A page of claims, newest first, with the name of the moderator who recorded each. */
    async page(page: number) {
      const rows = await db
        .selectFrom('takedowns as t')
        .leftJoin('members as m', 'm.id', 't.created_by')
        .select([
          't.id',
          't.claimant',
          't.claimant_email as claimantEmail',
          't.work',
          't.urls',
          't.video_ids as videoIds',
          't.report_id as reportId',
          'm.name as createdBy',
          't.created_at as createdAt',
        ])
        .orderBy('t.id', 'desc')
        .limit(TAKEDOWNS_PAGE_SIZE)
        .offset((page - 1) * TAKEDOWNS_PAGE_SIZE)
        .execute();
      return rows.map((r) => ({
        ...r,
        urls: readJson<string[]>(r.urls),
        videoIds: readJson<number[]>(r.videoIds),
      }));
    },
  };
}

/** All SQL of DMCA and other copyright claims (ADR 0041), on SQLite or PostgreSQL. */
export function createTakedownsRepository(layer: Layer) {
  return { ...takedownQueries(layer), transaction: transactionOf(layer, takedownQueries) };
}

export type TakedownsRepository = ReturnType<typeof createTakedownsRepository>;
