import type { DataLayer } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import { transactionOf } from '../community/community-targets';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

function removalQueries({ db }: Layer) {
  return {
    /** The video a removal names, as the removal record and its notification need it. */
    video(id: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'title', 'dir', 'status_id as statusId', 'uploader_id as uploaderId'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Open reports about the video. */
    openReportsOf(videoId: number) {
      return db
        .selectFrom('reports')
        .select(['id', 'subject'])
        .where('status', '=', 'open')
        .where('target_section', '=', 'video')
        .where('target_id', '=', videoId)
        .orderBy('id')
        .execute();
    },

    /** One removal in the record. */
    async insertRemoval(r: {
      videoId: number;
      reason: string;
      reportId: number | null;
      copyOf: number | null;
      priorStatus: number;
      actorId: number | null;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('removals')
        .values({
          video_id: r.videoId,
          reason: r.reason,
          report_id: r.reportId,
          copy_of: r.copyOf,
          prior_status: r.priorStatus,
          actor_id: r.actorId,
          created_at: r.now,
        })
        .execute();
    },

    /** The video's open reports, actioned: taken down. */
    async resolveReportsOf(videoId: number, actorId: number, now: number): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'actioned', resolution: 'taken_down', resolved_at: now, resolved_by: actorId })
        .where('status', '=', 'open')
        .where('target_section', '=', 'video')
        .where('target_id', '=', videoId)
        .execute();
    },

    audit: (row: AuditRow) => insertAuditEntry(db, row),

    /** A removal not yet restored: its video and the status it had. */
    unrestored(removalId: number) {
      return db
        .selectFrom('removals')
        .select(['video_id as videoId', 'prior_status as prior'])
        .where('id', '=', removalId)
        .where('restored_at', 'is', null)
        .executeTakeFirst();
    },

    /** Marks a removal restored; false when it already was (a concurrent reversal). */
    async markRestored(removalId: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('removals')
        .set({ restored_at: now })
        .where('id', '=', removalId)
        .where('restored_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The deadline requests among these reports, with their requester's email and language. */
    requestsOf(reportIds: readonly number[]) {
      if (reportIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('removal_requests as rr')
        .innerJoin('reports as r', 'r.id', 'rr.report_id')
        .select(['r.id', 'r.email', 'rr.kind', 'rr.lang'])
        .where('rr.report_id', 'in', reportIds)
        .orderBy('r.id')
        .execute();
    },

    async setAppealTokenHash(reportId: number, hash: string): Promise<void> {
      await db
        .updateTable('removal_requests')
        .set({ appeal_token_hash: hash })
        .where('report_id', '=', reportId)
        .execute();
    },

    /**
     * Open deadline requests whose deadline is `warning` seconds away or less, soonest first, with whether
     * the team was already warned and told it was missed.
     */
    dueRequests(now: number, warning: number) {
      return db
        .selectFrom('removal_requests as rr')
        .innerJoin('reports as r', 'r.id', 'rr.report_id')
        .select((eb) => [
          'r.id',
          'rr.kind',
          'rr.deadline_at as deadline',
          'rr.content',
          eb
            .exists(
              eb
                .selectFrom('deadline_alerts as a')
                .select('a.kind')
                .whereRef('a.report_id', '=', 'r.id')
                .where('a.kind', '=', 'approaching'),
            )
            .$castTo<boolean | number>()
            .as('warned'),
          eb
            .exists(
              eb
                .selectFrom('deadline_alerts as a')
                .select('a.kind')
                .whereRef('a.report_id', '=', 'r.id')
                .where('a.kind', '=', 'missed'),
            )
            .$castTo<boolean | number>()
            .as('missed'),
        ])
        .where('r.status', '=', 'open')
        .where('rr.deadline_at', '<=', now + warning)
        .orderBy('rr.deadline_at')
        .execute();
    },

    /** Records an alert once; false when it was already recorded. */
    async markAlert(reportId: number, kind: 'approaching' | 'missed', now: number): Promise<boolean> {
      const r = await db
        .insertInto('deadline_alerts')
        .values({ report_id: reportId, kind, sent_at: now })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Active moderators and admins, with the language they read mail in. */
    staffMail() {
      return db
        .selectFrom('members as m')
        .leftJoin('notification_prefs as p', 'p.member_id', 'm.id')
        .select((eb) => ['m.email', eb.fn.coalesce('p.lang', eb.val('en')).as('lang')])
        .where('m.role', 'in', ['moderator', 'admin'])
        .where('m.status', '=', 'active')
        .orderBy('m.id')
        .execute();
    },
  };
}

/**
 * All SQL of the removal record, deadline requests and their alerts (ADR 0037, ADR 0041), on SQLite or
 * PostgreSQL. `transaction(fn)` runs `fn` on the same repository bound to one transaction, with the
 * transaction's data layer for the notifications that belong to it.
 */
export function createRemovalsRepository(layer: Layer) {
  return { ...removalQueries(layer), transaction: transactionOf(layer, removalQueries) };
}

export type RemovalsRepository = ReturnType<typeof createRemovalsRepository>;
