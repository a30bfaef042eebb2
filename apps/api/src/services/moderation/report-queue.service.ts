import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import { auditRow } from '../audit/audit-entry';
import type { SessionService } from '../auth/session.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PublishService } from '../videos/publish.service';
import type { Removals } from './removals.service';
import type { ReportGroupKey, ReportsRepository } from './reports.repository';

export type { ReportGroupKey } from './reports.repository';

/** Card networks expect reports answered within 7 days; older open ones are flagged. */
export const REPORT_OVERDUE_SECONDS = 7 * 86_400;
const GROUPS_LIMIT = 100;
const GROUP_REPORTS_LIMIT = 10;
const COMMENTS_LIMIT = 10;

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });

/** The reports queue (grouped by target, removal requests first) and the actions taken from it. */
export function createReportsQueue({
  repo,
  clock,
  publish,
  caches,
  audit,
  notifications,
  sessions,
  removals,
}: {
  repo: ReportsRepository;
  clock: Clock;
  publish: PublishService;
  caches: PublicCaches;
  audit: AuditLog;
  notifications: Notifications;
  sessions: SessionService;
  removals: Removals;
}) {
  const resolve = (
    key: ReportGroupKey,
    actorId: number,
    status: 'dismissed' | 'actioned',
    resolution: string,
  ) => repo.resolve(key, { status, resolution, actorId, now: clock.now() });

  const service = {
    /**
     * Open report groups: those with a legal deadline first, the nearest deadline on top (ADR 0037), then
     * other removal requests by depicted people, then the oldest.
     */
    async list() {
      const now = clock.now();
      const groups = await repo.openGroups(GROUPS_LIMIT);
      return Promise.all(
        groups.map(async (g) => {
          const key: ReportGroupKey =
            g.targetId !== null && g.section
              ? { section: g.section, id: g.targetId }
              : { reportId: g.firstId };
          const reports = (await repo.openReportsIn(key, GROUP_REPORTS_LIMIT)).map((r) => ({
            id: r.id,
            subject: r.subject,
            email: r.email,
            message: r.message,
            referrer: r.referrer,
            hasFile: r.file_path !== null,
            createdAt: r.created_at,
            deadlineAt: r.deadline_at,
            signature: r.signature,
            content: r.content,
          }));
          const target =
            g.section === 'video' && g.targetId !== null ? ((await repo.video(g.targetId)) ?? null) : null;
          return {
            key,
            count: g.count,
            priority: g.priority,
            oldest: g.oldest,
            deadline: g.deadline,
            overdue: now - g.oldest > REPORT_OVERDUE_SECONDS,
            deadlineMissed: g.deadline !== null && g.deadline <= now,
            reports,
            video: target && {
              ...target,
              thumb: target.mediaPath ? `/thumbs/${target.mediaPath}/thumb.jpg` : null,
              comments: await repo.latestComments(target.id, COMMENTS_LIMIT),
            },
          };
        }),
      );
    },

    /** Open reports in all, how many are past the 7-day window, and how many legal deadlines were missed. */
    counts(): Promise<{ open: number; overdue: number; missed: number }> {
      const now = clock.now();
      return repo.counts(now, now - REPORT_OVERDUE_SECONDS);
    },

    fileOf(reportId: number): Promise<string | null> {
      return repo.fileOf(reportId);
    },

    async dismiss(actorId: number, key: ReportGroupKey, reason: string): Promise<number> {
      const ids = await repo.openIdsIn(key);
      const n = await resolve(key, actorId, 'dismissed', 'dismissed');
      if (n === 0) throw notFound();
      // A rejected deadline request: its requester is told and may appeal (ADR 0037).
      await removals.rejected(ids, reason);
      await audit.record({
        actorId,
        action: 'report.dismiss',
        targetType: 'report',
        targetId: 'reportId' in key ? key.reportId : key.id,
        reason,
        before: { ...key, status: 'open', reports: n },
        after: { status: 'dismissed' },
      });
      return n;
    },

    /**
     * Status 5 at once: gone from listings, search, sitemaps and every cache on the next request, with its
     * known near-duplicates (the removals service records, audits and notifies).
     */
    takeDown(actorId: number, videoId: number, reason: string): Promise<{ removed: number[] }> {
      return removals.takeDown(actorId, videoId, reason);
    },

    async deleteComment(actorId: number, commentId: number, reason: string): Promise<void> {
      const c = await repo.comment(commentId);
      if (!c) throw notFound();
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await tx.deleteComment(c);
        await tx.resolve(
          { section: 'comment', id: commentId },
          { status: 'actioned', resolution: 'comment_deleted', actorId, now },
        );
        await tx.audit(
          auditRow(
            {
              actorId,
              action: 'comment.delete',
              targetType: 'comment',
              targetId: commentId,
              reason,
              before: {
                section: c.section,
                object_id: c.object_id,
                member_id: c.member_id,
                comment: c.comment,
              },
              after: { is_deleted: 1 },
            },
            now,
          ),
        );
      });
      await caches.purge();
    },

    /** Suspends the account, signs it out everywhere and hides everything it published. */
    async ban(
      actorId: number,
      memberId: number,
      reason: string,
    ): Promise<{ videos: number[]; albums: number[] }> {
      const m = await repo.member(memberId);
      if (!m) throw notFound();
      if (m.role !== 'member')
        throw new AppError('staff_ban', {
          status: 403,
          message: 'Moderators and admins cannot be banned here',
        });
      if (m.status === 'suspended')
        throw new AppError('already_banned', { status: 409, message: 'Already suspended' });
      if (!(await repo.setMemberStatus(memberId, m.status, 'suspended')))
        throw new AppError('already_banned', { status: 409, message: 'Already suspended' });
      await sessions.invalidateAll(memberId);
      const hidden = await publish.hideUploader(memberId);
      for (const id of hidden.videos)
        await resolve({ section: 'video', id }, actorId, 'actioned', 'uploader_banned');
      await audit.record({
        actorId,
        action: 'member.ban',
        targetType: 'member',
        targetId: memberId,
        reason,
        before: { status: m.status },
        after: { status: 'suspended', hidden_videos: hidden.videos, hidden_albums: hidden.albums },
      });
      await notifications.send(memberId, 'account_suspended', { note: reason });
      return hidden;
    },

    async unban(
      actorId: number,
      memberId: number,
      reason: string,
    ): Promise<{ videos: number[]; albums: number[] }> {
      if (!(await repo.setMemberStatus(memberId, 'suspended', 'active'))) throw notFound();
      const restored = await publish.restoreUploader(memberId);
      await audit.record({
        actorId,
        action: 'member.unban',
        targetType: 'member',
        targetId: memberId,
        reason,
        before: { status: 'suspended' },
        after: { status: 'active', restored_videos: restored.videos, restored_albums: restored.albums },
      });
      return restored;
    },
  };
  return service;
}

export type ReportsQueue = ReturnType<typeof createReportsQueue>;
