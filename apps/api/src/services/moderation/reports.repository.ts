import type { DataLayer, MembersTable, RemovalRequestsTable, ReportsTable } from '@vt/db';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import { transactionOf } from '../community/community-targets';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/** A group is every open report about one target, or one report without a target. */
export type ReportGroupKey = { section: string; id: number } | { reportId: number };

function reportQueries({ db }: Layer) {
  /** The ids of a group's open reports, as a subquery. */
  const openIn = (key: ReportGroupKey) => {
    const open = db.selectFrom('reports').select('reports.id').where('reports.status', '=', 'open');
    return 'reportId' in key
      ? open.where('reports.id', '=', key.reportId)
      : open.where('reports.target_section', '=', key.section).where('reports.target_id', '=', key.id);
  };

  return {
    /** Whether a report's target video exists (any status). */
    async videoExists(id: number): Promise<boolean> {
      const r = await db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
      return r !== undefined;
    },

    /** A filed report; its id. */
    async insertReport(row: Insertable<ReportsTable>): Promise<number> {
      const r = await db.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    /** A deadline request (ADR 0037), next to its report. */
    async insertRemovalRequest(row: Insertable<RemovalRequestsTable>): Promise<void> {
      await db.insertInto('removal_requests').values(row).execute();
    },

    /**
     * Open report groups (a target's reports, or one report without a target): those with a legal deadline
     * first, the nearest on top, then by priority, then the oldest.
     */
    openGroups(limit: number) {
      return db
        .selectFrom('reports as r')
        .leftJoin('removal_requests as rr', 'rr.report_id', 'r.id')
        .select((eb) => [
          'r.target_section as section',
          'r.target_id as targetId',
          eb.fn.min('r.id').as('firstId'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.max('r.priority').as('priority'),
          eb.fn.min('r.created_at').as('oldest'),
          eb.fn.max('r.created_at').as('newest'),
          eb.fn.min('rr.deadline_at').as('deadline'),
        ])
        .where('r.status', '=', 'open')
        .groupBy(['r.target_section', 'r.target_id', sql`case when r.target_id is null then r.id end`])
        .orderBy(sql`min(rr.deadline_at) is null`)
        .orderBy(sql`min(rr.deadline_at)`)
        .orderBy(sql`max(r.priority)`, 'desc')
        .orderBy(sql`min(r.created_at)`)
        .limit(limit)
        .execute();
    },

    /** A group's open reports, newest first, with their deadline requests. */
    openReportsIn(key: ReportGroupKey, limit: number) {
      return db
        .selectFrom('reports as r')
        .leftJoin('removal_requests as rr', 'rr.report_id', 'r.id')
        .select([
          'r.id',
          'r.subject',
          'r.email',
          'r.message',
          'r.referrer',
          'r.file_path',
          'r.created_at',
          'rr.deadline_at',
          'rr.signature',
          'rr.content',
        ])
        .where('r.id', 'in', openIn(key))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The ids of a group's open reports. */
    async openIdsIn(key: ReportGroupKey): Promise<number[]> {
      const rows = await openIn(key).execute();
      return rows.map((r) => r.id);
    },

    /** Closes a group's open reports; how many. */
    async resolve(
      key: ReportGroupKey,
      r: { status: 'dismissed' | 'actioned'; resolution: string; actorId: number; now: number },
    ): Promise<number> {
      const done = await db
        .updateTable('reports')
        .set({ status: r.status, resolution: r.resolution, resolved_at: r.now, resolved_by: r.actorId })
        .where('status', '=', 'open')
        .where('id', 'in', openIn(key))
        .executeTakeFirst();
      return Number(done.numUpdatedRows);
    },

    /** A reported video with its uploader, as the queue shows it. */
    video(id: number) {
      return db
        .selectFrom('videos as v')
        .leftJoin('members as m', 'm.id', 'v.uploader_id')
        .select([
          'v.id',
          'v.title',
          'v.dir',
          'v.status_id as statusId',
          'v.media_path as mediaPath',
          'v.uploader_id as uploaderId',
          'm.name as uploaderName',
          'm.status as uploaderStatus',
          'm.role as uploaderRole',
        ])
        .where('v.id', '=', id)
        .executeTakeFirst();
    },

    /** The latest shown comments on a video, with their authors. */
    latestComments(videoId: number, limit: number) {
      return db
        .selectFrom('comments as c')
        .innerJoin('members as m', 'm.id', 'c.member_id')
        .select([
          'c.id',
          'c.comment as text',
          'c.added_date as addedAt',
          'm.id as memberId',
          'm.name as memberName',
        ])
        .where('c.section', '=', 'video')
        .where('c.object_id', '=', videoId)
        .where('c.is_deleted', '=', 0)
        .orderBy('c.added_date', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Open reports in all, those filed before `overdueBefore`, and open deadline requests due by `now`. */
    async counts(
      now: number,
      overdueBefore: number,
    ): Promise<{ open: number; overdue: number; missed: number }> {
      const open = db.selectFrom('reports').where('status', '=', 'open');
      const [all, overdue, missed] = await Promise.all([
        open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        open
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '<', overdueBefore)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('removal_requests as rr')
          .innerJoin('reports as r', 'r.id', 'rr.report_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('r.status', '=', 'open')
          .where('rr.deadline_at', '<=', now)
          .executeTakeFirstOrThrow(),
      ]);
      return { open: all.n, overdue: overdue.n, missed: missed.n };
    },

    /** The stored image of a report, relative to DATA_DIR. */
    async fileOf(reportId: number): Promise<string | null> {
      const r = await db
        .selectFrom('reports')
        .select('file_path')
        .where('id', '=', reportId)
        .executeTakeFirst();
      return r?.file_path ?? null;
    },

    /** A shown comment. */
    comment(id: number) {
      return db
        .selectFrom('comments')
        .select(['id', 'section', 'object_id', 'member_id', 'comment'])
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
    },

    /** Hides a comment and takes it off its video's or album's count. */
    async deleteComment(c: { id: number; section: string; object_id: number }): Promise<void> {
      await db.updateTable('comments').set({ is_deleted: 1 }).where('id', '=', c.id).execute();
      const table = c.section === 'video' ? 'videos' : c.section === 'album' ? 'albums' : null;
      if (table)
        await db
          .updateTable(table)
          .set((eb) => ({
            comments_count: eb
              .case()
              .when('comments_count', '>', 0)
              .then(eb('comments_count', '-', 1))
              .else(0)
              .end(),
          }))
          .where('id', '=', c.object_id)
          .execute();
    },

    audit: (row: AuditRow) => insertAuditEntry(db, row),

    member(id: number) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'status', 'role'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Sets a member's status when it is `from`; false when it was not (a concurrent change). */
    async setMemberStatus(
      id: number,
      from: Selectable<MembersTable>['status'],
      to: 'active' | 'suspended',
    ): Promise<boolean> {
      const r = await db
        .updateTable('members')
        .set({ status: to })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

/**
 * All SQL of reports (ADR 0041), on SQLite or PostgreSQL: filing them with their deadline requests, and
 * the moderators' report queue with the actions taken from it (closing groups, hiding comments, suspending).
 * `transaction(fn)` runs `fn` on the same repository bound to one transaction.
 */
export function createReportsRepository(layer: Layer) {
  return { ...reportQueries(layer), transaction: transactionOf(layer, reportQueries) };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
