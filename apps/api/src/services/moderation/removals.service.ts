import { createHash, randomBytes } from 'node:crypto';
import { createI18n, isLang, type Lang } from '@vt/i18n';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';

/** The team is mailed once when a request has this little time left, and once when it is missed. */
export const DEADLINE_WARNING_SECONDS = 12 * 3600;
/** Reports whose requests carry the deadline. */
export const DEADLINE_SUBJECTS = ['removal', 'ncii'] as const;
/** Which reason a removal counts under when several reports name the video: the most serious first. */
const REASON_RANK = ['ncii', 'removal', 'copyright', 'inappropriate', 'technical', 'advertising'];

/**
 * Known near-duplicates of a video by perceptual fingerprint (issue 23 part 1 provides the real one): a
 * removal takes every copy down with the reported video.
 */
export interface NearDuplicates {
  copiesOf(videoId: number): number[];
}
export const noNearDuplicates: NearDuplicates = { copiesOf: () => [] };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });

interface VideoRow {
  id: number;
  title: string;
  dir: string;
  statusId: number;
  uploaderId: number | null;
}

/**
 * Removals (ADR 0037): every video taken down by moderation is recorded with its reason and prior status,
 * near-duplicate copies go with it, a rejected deadline request gets an appeal link, and the team is warned
 * by mail before a 48-hour deadline passes.
 */
export function createRemovals({
  sqlite,
  clock,
  publish,
  audit,
  notifications,
  mailer,
  origin,
  nearDuplicates = noNearDuplicates,
}: {
  sqlite: Database.Database;
  clock: Clock;
  publish: PublishService;
  audit: AuditLog;
  notifications: Notifications;
  mailer: Pick<Mailer, 'queue'>;
  origin: string;
  nearDuplicates?: NearDuplicates;
}) {
  const videoOf = sqlite.prepare(
    'SELECT id, title, dir, status_id AS statusId, uploader_id AS uploaderId FROM videos WHERE id = ?',
  );
  const insertRemoval = sqlite.prepare(
    `INSERT INTO removals (video_id, reason, report_id, copy_of, prior_status, actor_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const openReportsOf = sqlite.prepare(
    `SELECT id, subject FROM reports WHERE status = 'open' AND target_section = 'video' AND target_id = ?`,
  );
  const resolveReports = sqlite.prepare(
    `UPDATE reports SET status = 'actioned', resolution = 'taken_down', resolved_at = ?, resolved_by = ?
     WHERE status = 'open' AND target_section = 'video' AND target_id = ?`,
  );
  const staff = sqlite.prepare(
    `SELECT m.email, coalesce(p.lang, 'en') AS lang FROM members m
     LEFT JOIN notification_prefs p ON p.member_id = m.id
     WHERE m.role IN ('moderator', 'admin') AND m.status = 'active'`,
  );
  const translator = (lang: string) => createI18n((isLang(lang) ? lang : 'en') as Lang).t;

  const reasonOf = (reports: { subject: string }[]) =>
    REASON_RANK.find((r) => reports.some((x) => x.subject === r)) ?? 'other';

  const service = {
    /**
     * Takes the video and its known near-duplicates down (status 5, caches purged by the publish service),
     * resolves their open reports, records and audits each removal and tells each uploader.
     */
    takeDown(
      actorId: number,
      videoId: number,
      note: string,
      given: { reason?: string; reportId?: number | null } = {},
    ): { removed: number[] } {
      const v = videoOf.get(videoId) as VideoRow | undefined;
      if (!v) throw notFound();
      if (v.statusId === 5)
        throw new AppError('already_deleted', { status: 409, message: 'The video is already deleted' });
      const reports = openReportsOf.all(videoId) as { id: number; subject: string }[];
      const reason = given.reason ?? reasonOf(reports);
      const reportId =
        given.reportId ?? reports.find((r) => r.subject === reason)?.id ?? reports[0]?.id ?? null;
      const copies = [...new Set(nearDuplicates.copiesOf(videoId))]
        .filter((id) => id !== videoId)
        .map((id) => videoOf.get(id) as VideoRow | undefined)
        .filter((c): c is VideoRow => c !== undefined && c.statusId !== 5);
      const all = [v, ...copies];
      const now = clock.now();
      sqlite.transaction(() => {
        for (const target of all) {
          const copyOf = target.id === videoId ? null : videoId;
          insertRemoval.run(target.id, reason, reportId, copyOf, target.statusId, actorId, now);
          resolveReports.run(now, actorId, target.id);
          audit.record({
            actorId,
            action: 'video.takedown',
            targetType: 'video',
            targetId: target.id,
            reason: note,
            before: { status_id: target.statusId },
            after: { status_id: 5, reason, ...(copyOf ? { copy_of: copyOf } : {}) },
          });
        }
      })();
      publish.takeDown(all.map((t) => t.id));
      for (const t of all)
        if (t.uploaderId !== null)
          notifications.send(t.uploaderId, 'video_taken_down', { id: t.id, title: t.title, note });
      return { removed: all.map((t) => t.id) };
    },

    /** A DMCA notice's videos (already taken down by the takedowns service) enter the removal record. */
    recorded(actorId: number, found: { id: number; status_id: number }[], reportId: number | null) {
      const now = clock.now();
      for (const f of found)
        if (f.status_id !== 5)
          insertRemoval.run(f.id, 'copyright', reportId, null, f.status_id, actorId, now);
    },

    /** A reversed removal: the video returns to the status it had and its uploader's counters follow. */
    restore(removalId: number): { videoId: number } | null {
      const r = sqlite
        .prepare(
          'SELECT video_id AS videoId, prior_status AS prior FROM removals WHERE id = ? AND restored_at IS NULL',
        )
        .get(removalId) as { videoId: number | null; prior: number } | undefined;
      if (!r || r.videoId === null) return null;
      sqlite.prepare('UPDATE removals SET restored_at = ? WHERE id = ?').run(clock.now(), removalId);
      publish.restore([r.videoId], r.prior);
      return { videoId: r.videoId };
    },

    /**
     * Deadline requests among reports a moderator dismissed: each requester is mailed the decision with a
     * link to appeal it (an unguessable token, kept only as its hash).
     */
    rejected(reportIds: readonly number[], note: string): void {
      const rows = sqlite
        .prepare(
          `SELECT r.id, r.email, rr.kind, rr.lang FROM removal_requests rr JOIN reports r ON r.id = rr.report_id
           WHERE rr.report_id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(reportIds)) as { id: number; email: string; kind: string; lang: string }[];
      const setToken = sqlite.prepare(
        'UPDATE removal_requests SET appeal_token_hash = ? WHERE report_id = ?',
      );
      for (const r of rows) {
        const t = translator(r.lang);
        const token = randomBytes(24).toString('base64url');
        setToken.run(hashToken(token), r.id);
        mailer.queue({
          to: r.email,
          subject: t('mail.removal_rejected.subject', { site: t('site.name'), ref: r.id }),
          text: t('mail.removal_rejected.body', {
            site: t('site.name'),
            ref: r.id,
            note: note || '-',
            link: `${origin}/appeal/?token=${token}`,
            interpolation: { escapeValue: false },
          }),
        });
      }
    },

    /**
     * The escalation job (`removals.deadlines`, queued every 15 minutes): for each open deadline request, one
     * mail to the team when 12 hours or less are left and one when the deadline passed. The alert row is
     * written first, so a re-run or a second worker never mails twice.
     */
    escalate(): { approaching: number; missed: number } {
      const now = clock.now();
      const due = sqlite
        .prepare(
          `SELECT r.id, rr.kind, rr.deadline_at AS deadline, rr.content,
             (SELECT 1 FROM deadline_alerts a WHERE a.report_id = r.id AND a.kind = 'approaching') AS warned,
             (SELECT 1 FROM deadline_alerts a WHERE a.report_id = r.id AND a.kind = 'missed') AS missed
           FROM removal_requests rr JOIN reports r ON r.id = rr.report_id
           WHERE r.status = 'open' AND rr.deadline_at - ? <= ? ORDER BY rr.deadline_at`,
        )
        .all(now, DEADLINE_WARNING_SECONDS) as {
        id: number;
        kind: string;
        deadline: number;
        content: string;
        warned: 1 | null;
        missed: 1 | null;
      }[];
      const mark = sqlite.prepare(
        'INSERT OR IGNORE INTO deadline_alerts (report_id, kind, sent_at) VALUES (?, ?, ?)',
      );
      const team = staff.all() as { email: string; lang: string }[];
      const counts = { approaching: 0, missed: 0 };
      for (const r of due) {
        const isMissed = r.deadline <= now;
        if (isMissed ? r.missed : r.warned) continue;
        const kind = isMissed ? 'missed' : 'approaching';
        // A request first seen after its deadline is not also warned about later.
        const claimed = sqlite.transaction(() => {
          const changed = mark.run(r.id, kind, now).changes;
          if (isMissed) mark.run(r.id, 'approaching', now);
          return changed > 0;
        })();
        if (!claimed) continue;
        counts[kind]++;
        for (const m of team) {
          const t = translator(m.lang);
          const hours = Math.max(0, Math.ceil((r.deadline - now) / 3600));
          mailer.queue({
            to: m.email,
            subject: t(`mail.deadline.${kind}.subject`, { site: t('site.name'), ref: r.id, hours }),
            text: t(`mail.deadline.${kind}.body`, {
              site: t('site.name'),
              ref: r.id,
              hours,
              kind: t(`moderation.subject.${r.kind}` as 'moderation.subject.removal'),
              deadline: new Date(r.deadline * 1000).toISOString().replace('.000Z', ' UTC').replace('T', ' '),
              content: r.content,
              link: `${origin}/moderation/reports/`,
              interpolation: { escapeValue: false },
            }),
          });
        }
      }
      return counts;
    },
  };
  return service;
}

export type Removals = ReturnType<typeof createRemovals>;
