import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { SessionService } from '../auth/session.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PublishService } from '../videos/publish.service';
import type { Removals } from './removals.service';

/** Card networks expect reports answered within 7 days; older open ones are flagged. */
export const REPORT_OVERDUE_SECONDS = 7 * 86_400;
const GROUPS_LIMIT = 100;

/** A group is every open report about one target, or one report without a target. */
export type ReportGroupKey = { section: string; id: number } | { reportId: number };

interface ReportRow {
  id: number;
  subject: string;
  email: string;
  message: string;
  referrer: string | null;
  file_path: string | null;
  priority: number;
  created_at: number;
  deadline_at: number | null;
  signature: string | null;
  content: string | null;
}

const groupWhere = (key: ReportGroupKey) =>
  'reportId' in key
    ? { sql: 'id = ?', args: [key.reportId] }
    : { sql: 'target_section = ? AND target_id = ?', args: [key.section, key.id] };

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });

/** The reports queue (grouped by target, removal requests first) and the actions taken from it. */
export function createReportsQueue({
  sqlite,
  clock,
  publish,
  caches,
  audit,
  notifications,
  sessions,
  removals,
}: {
  sqlite: Database.Database;
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
  ) => {
    const w = groupWhere(key);
    return sqlite
      .prepare(
        `UPDATE reports SET status = ?, resolution = ?, resolved_at = ?, resolved_by = ? WHERE status = 'open' AND ${w.sql}`,
      )
      .run(status, resolution, clock.now(), actorId, ...w.args).changes;
  };
  const video = sqlite.prepare(
    `SELECT v.id, v.title, v.dir, v.status_id AS statusId, v.media_path AS mediaPath, v.uploader_id AS uploaderId,
       m.name AS uploaderName, m.status AS uploaderStatus, m.role AS uploaderRole
     FROM videos v LEFT JOIN members m ON m.id = v.uploader_id WHERE v.id = ?`,
  );
  const comments = sqlite.prepare(
    `SELECT c.id, c.comment AS text, c.added_date AS addedAt, m.id AS memberId, m.name AS memberName
     FROM comments c JOIN members m ON m.id = c.member_id
     WHERE c.section = ? AND c.object_id = ? AND c.is_deleted = 0 ORDER BY c.added_date DESC LIMIT 10`,
  );

  const service = {
    /**
     * Open report groups: those with a legal deadline first, the nearest deadline on top (ADR 0037), then
     * other removal requests by depicted people, then the oldest.
     */
    list() {
      const now = clock.now();
      const groups = sqlite
        .prepare(
          `SELECT target_section AS section, target_id AS targetId, min(id) AS firstId, count(*) AS count,
             max(priority) AS priority, min(created_at) AS oldest, max(created_at) AS newest,
             min(rr.deadline_at) AS deadline
           FROM reports LEFT JOIN removal_requests rr ON rr.report_id = reports.id WHERE status = 'open'
           GROUP BY CASE WHEN target_id IS NULL THEN 'r' || id ELSE target_section || ':' || target_id END
           ORDER BY deadline IS NULL, deadline ASC, priority DESC, oldest ASC LIMIT ?`,
        )
        .all(GROUPS_LIMIT) as {
        section: string | null;
        targetId: number | null;
        firstId: number;
        count: number;
        priority: number;
        oldest: number;
        newest: number;
        deadline: number | null;
      }[];
      return groups.map((g) => {
        const key: ReportGroupKey =
          g.targetId !== null && g.section ? { section: g.section, id: g.targetId } : { reportId: g.firstId };
        const w = groupWhere(key);
        const reports = (
          sqlite
            .prepare(
              `SELECT id, subject, email, message, referrer, file_path, priority, created_at, rr.deadline_at,
                 rr.signature, rr.content
               FROM reports LEFT JOIN removal_requests rr ON rr.report_id = reports.id
               WHERE status = 'open' AND ${w.sql} ORDER BY created_at DESC LIMIT 10`,
            )
            .all(...w.args) as ReportRow[]
        ).map((r) => ({
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
          g.section === 'video' && g.targetId !== null
            ? ((video.get(g.targetId) as
                | {
                    id: number;
                    title: string;
                    dir: string;
                    statusId: number;
                    mediaPath: string | null;
                    uploaderId: number | null;
                    uploaderName: string | null;
                    uploaderStatus: string | null;
                    uploaderRole: string | null;
                  }
                | undefined) ?? null)
            : null;
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
            comments: comments.all('video', target.id) as {
              id: number;
              text: string;
              addedAt: number;
              memberId: number;
              memberName: string;
            }[],
          },
        };
      });
    },

    /** Open reports in all, how many are past the 7-day window, and how many legal deadlines were missed. */
    counts(): { open: number; overdue: number; missed: number } {
      const now = clock.now();
      return sqlite
        .prepare(
          `SELECT count(*) AS open, coalesce(sum(created_at < ?), 0) AS overdue,
             (SELECT count(*) FROM removal_requests rr JOIN reports r ON r.id = rr.report_id
              WHERE r.status = 'open' AND rr.deadline_at <= ?) AS missed
           FROM reports WHERE status = 'open'`,
        )
        .get(now - REPORT_OVERDUE_SECONDS, now) as { open: number; overdue: number; missed: number };
    },

    fileOf(reportId: number): string | null {
      return (
        (sqlite.prepare('SELECT file_path FROM reports WHERE id = ?').pluck().get(reportId) as
          | string
          | null) ?? null
      );
    },

    dismiss(actorId: number, key: ReportGroupKey, reason: string): number {
      const w = groupWhere(key);
      const ids = sqlite
        .prepare(`SELECT id FROM reports WHERE status = 'open' AND ${w.sql}`)
        .pluck()
        .all(...w.args) as number[];
      const n = resolve(key, actorId, 'dismissed', 'dismissed');
      if (n === 0) throw notFound();
      // A rejected deadline request: its requester is told and may appeal (ADR 0037).
      removals.rejected(ids, reason);
      audit.record({
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
    takeDown(actorId: number, videoId: number, reason: string): { removed: number[] } {
      return removals.takeDown(actorId, videoId, reason);
    },

    deleteComment(actorId: number, commentId: number, reason: string): void {
      const c = sqlite
        .prepare(
          'SELECT id, section, object_id, member_id, comment FROM comments WHERE id = ? AND is_deleted = 0',
        )
        .get(commentId) as
        | { id: number; section: string; object_id: number; member_id: number; comment: string }
        | undefined;
      if (!c) throw notFound();
      sqlite.transaction(() => {
        sqlite.prepare('UPDATE comments SET is_deleted = 1 WHERE id = ?').run(commentId);
        const table = { video: 'videos', album: 'albums' }[c.section];
        if (table)
          sqlite
            .prepare(`UPDATE ${table} SET comments_count = max(0, comments_count - 1) WHERE id = ?`)
            .run(c.object_id);
        resolve({ section: 'comment', id: commentId }, actorId, 'actioned', 'comment_deleted');
        audit.record({
          actorId,
          action: 'comment.delete',
          targetType: 'comment',
          targetId: commentId,
          reason,
          before: { section: c.section, object_id: c.object_id, member_id: c.member_id, comment: c.comment },
          after: { is_deleted: 1 },
        });
      })();
      caches.purge();
    },

    /** Suspends the account, signs it out everywhere and hides everything it published. */
    ban(actorId: number, memberId: number, reason: string): { videos: number[]; albums: number[] } {
      const m = sqlite.prepare('SELECT id, name, status, role FROM members WHERE id = ?').get(memberId) as
        | { id: number; name: string; status: string; role: string }
        | undefined;
      if (!m) throw notFound();
      if (m.role !== 'member')
        throw new AppError('staff_ban', {
          status: 403,
          message: 'Moderators and admins cannot be banned here',
        });
      if (m.status === 'suspended')
        throw new AppError('already_banned', { status: 409, message: 'Already suspended' });
      sqlite.prepare("UPDATE members SET status = 'suspended' WHERE id = ?").run(memberId);
      sessions.invalidateAll(memberId);
      const hidden = publish.hideUploader(memberId);
      for (const id of hidden.videos)
        resolve({ section: 'video', id }, actorId, 'actioned', 'uploader_banned');
      audit.record({
        actorId,
        action: 'member.ban',
        targetType: 'member',
        targetId: memberId,
        reason,
        before: { status: m.status },
        after: { status: 'suspended', hidden_videos: hidden.videos, hidden_albums: hidden.albums },
      });
      notifications.send(memberId, 'account_suspended', { note: reason });
      return hidden;
    },

    unban(actorId: number, memberId: number, reason: string): { videos: number[]; albums: number[] } {
      const m = sqlite.prepare('SELECT status FROM members WHERE id = ?').pluck().get(memberId) as
        | string
        | undefined;
      if (m !== 'suspended') throw notFound();
      sqlite.prepare("UPDATE members SET status = 'active' WHERE id = ?").run(memberId);
      const restored = publish.restoreUploader(memberId);
      audit.record({
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
