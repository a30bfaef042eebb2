import type { AppealsTable, DataLayer } from '@vt/db';
import type { Insertable } from 'kysely';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/**
 * All SQL of appeals (ADR 0037, ADR 0041), on SQLite or PostgreSQL: filing them against a removal or a
 * rejected deadline request, the moderators' queue, and the decision.
 */
export function createAppealsRepository({ db }: Layer) {
  return {
    /** The latest removal of a video still removed, when the member uploaded it, with its appeal if any. */
    removalOf(memberId: number, videoId: number) {
      return db
        .selectFrom('removals as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .leftJoin('appeals as a', 'a.removal_id', 'r.id')
        .select([
          'r.id',
          'r.reason',
          'r.created_at as removedAt',
          'v.title',
          'v.id as videoId',
          'a.status as appealStatus',
          'a.created_at as appealedAt',
        ])
        .where('r.video_id', '=', videoId)
        .where('v.uploader_id', '=', memberId)
        .where('r.restored_at', 'is', null)
        .where('v.status_id', '=', 5)
        .orderBy('r.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The rejected deadline request whose appeal token hashes to `tokenHash`, with its appeal if any. */
    rejectedRequestOf(tokenHash: string) {
      return db
        .selectFrom('removal_requests as rr')
        .innerJoin('reports as r', 'r.id', 'rr.report_id')
        .leftJoin('appeals as a', 'a.report_id', 'r.id')
        .select([
          'r.id',
          'r.subject',
          'r.email',
          'r.target_id as videoId',
          'rr.lang',
          'a.status as appealStatus',
        ])
        .where('rr.appeal_token_hash', '=', tokenHash)
        .where('r.status', '=', 'dismissed')
        .executeTakeFirst();
    },

    /** Files an appeal; its id, or null when the removal or request was already appealed. */
    async insert(row: Insertable<AppealsTable>): Promise<number | null> {
      const r = await db
        .insertInto('appeals')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return r?.id ?? null;
    },

    /** Open appeals, oldest first, with the member, the video and the original request or removal. */
    openQueue(limit: number) {
      return db
        .selectFrom('appeals as a')
        .leftJoin('members as m', 'm.id', 'a.member_id')
        .leftJoin('videos as v', 'v.id', 'a.video_id')
        .leftJoin('reports as rep', 'rep.id', 'a.report_id')
        .leftJoin('removals as rem', 'rem.id', 'a.removal_id')
        .select([
          'a.id',
          'a.kind',
          'a.video_id as videoId',
          'a.ground',
          'a.statement',
          'a.created_at as createdAt',
          'a.email',
          'm.name as memberName',
          'v.title',
          'v.dir',
          'v.status_id as statusId',
          'v.media_path as mediaPath',
          'rep.message as requestMessage',
          'rep.created_at as requestedAt',
          'rep.resolved_at as rejectedAt',
          'rem.created_at as removedAt',
        ])
        .where('a.status', '=', 'open')
        .orderBy('a.created_at')
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    async countOpen(): Promise<number> {
      const r = await db
        .selectFrom('appeals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return r.n;
    },

    /** An open appeal. */
    open(id: number) {
      return db
        .selectFrom('appeals')
        .select([
          'id',
          'kind',
          'removal_id as removalId',
          'report_id as reportId',
          'video_id as videoId',
          'member_id as memberId',
          'email',
          'ground',
        ])
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    /** Decides an open appeal; false when it was no longer open (another moderator decided first). */
    async decide(
      id: number,
      d: { status: 'upheld' | 'reversed'; actorId: number; now: number; note: string },
    ): Promise<boolean> {
      const r = await db
        .updateTable('appeals')
        .set({ status: d.status, decided_by: d.actorId, decided_at: d.now, decision_note: d.note })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The appealed video's status and title. */
    video(id: number) {
      return db.selectFrom('videos').select(['status_id', 'title']).where('id', '=', id).executeTakeFirst();
    },

    /** The language a deadline request was filed in. */
    async requestLang(reportId: number): Promise<string | undefined> {
      const r = await db
        .selectFrom('removal_requests')
        .select('lang')
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      return r?.lang;
    },
  };
}

export type AppealsRepository = ReturnType<typeof createAppealsRepository>;
