import { createI18n, isLang, type Lang } from '@vt/i18n';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import { hashToken, type Removals } from './removals.service';

/** An appeal's statement: enough to explain, short enough to read in the queue. */
export const APPEAL_STATEMENT_MAX = 2000;
export const APPEAL_STATEMENT_MIN = 10;
const QUEUE_LIMIT = 100;

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });
const alreadyAppealed = () =>
  new AppError('already_appealed', { status: 409, message: 'This decision has already been appealed' });

export interface AppealRow {
  id: number;
  kind: 'removal' | 'rejection';
  removalId: number | null;
  reportId: number | null;
  videoId: number | null;
  memberId: number | null;
  email: string | null;
  ground: string;
  statement: string;
  status: 'open' | 'upheld' | 'reversed';
  createdAt: number;
}

/**
 * Appeals (ADR 0037): an uploader appeals the removal of their video (signed in, one appeal per removal);
 * a requester appeals the rejection of their removal request with the token of the decision mail (they may
 * have no account). Moderators uphold or reverse; every decision is audited and the appellant told.
 */
export function createAppeals({
  sqlite,
  clock,
  audit,
  notifications,
  mailer,
  removals,
}: {
  sqlite: Database.Database;
  clock: Clock;
  audit: AuditLog;
  notifications: Notifications;
  mailer: Pick<Mailer, 'queue'>;
  removals: Removals;
}) {
  /** The latest removal of a video still removed, when the member uploaded it. */
  const removalOf = (memberId: number, videoId: number) =>
    sqlite
      .prepare(
        `SELECT r.id, r.reason, r.created_at AS removedAt, v.title, v.id AS videoId,
           a.status AS appealStatus, a.created_at AS appealedAt
         FROM removals r JOIN videos v ON v.id = r.video_id
         LEFT JOIN appeals a ON a.removal_id = r.id
         WHERE r.video_id = ? AND v.uploader_id = ? AND r.restored_at IS NULL AND v.status_id = 5
         ORDER BY r.id DESC LIMIT 1`,
      )
      .get(videoId, memberId) as
      | {
          id: number;
          reason: string;
          removedAt: number;
          title: string;
          videoId: number;
          appealStatus: string | null;
          appealedAt: number | null;
        }
      | undefined;

  const requestOf = (token: string) =>
    sqlite
      .prepare(
        `SELECT r.id, r.subject, r.email, r.target_id AS videoId, rr.lang, a.status AS appealStatus
         FROM removal_requests rr JOIN reports r ON r.id = rr.report_id
         LEFT JOIN appeals a ON a.report_id = r.id
         WHERE rr.appeal_token_hash = ? AND r.status = 'dismissed'`,
      )
      .get(hashToken(token)) as
      | {
          id: number;
          subject: string;
          email: string;
          videoId: number | null;
          lang: string;
          appealStatus: string | null;
        }
      | undefined;

  const insert = sqlite.prepare(
    `INSERT INTO appeals (kind, removal_id, report_id, video_id, member_id, email, ground, statement, created_at)
     VALUES (@kind, @removalId, @reportId, @videoId, @memberId, @email, @ground, @statement, @createdAt)`,
  );
  const file = (row: Omit<AppealRow, 'id' | 'status' | 'createdAt'>): number => {
    try {
      return Number(insert.run({ ...row, createdAt: clock.now() }).lastInsertRowid);
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'SQLITE_CONSTRAINT_UNIQUE')
        throw alreadyAppealed();
      throw err;
    }
  };

  const service = {
    /** What the uploader's appeal page shows; not their video, or not removed: not found. */
    removal(memberId: number, videoId: number) {
      const r = removalOf(memberId, videoId);
      if (!r) throw notFound();
      return {
        videoId: r.videoId,
        title: r.title,
        reason: r.reason,
        removedAt: r.removedAt,
        appeal: r.appealStatus ? { status: r.appealStatus, createdAt: r.appealedAt } : null,
      };
    },

    appealRemoval(memberId: number, videoId: number, statement: string): { id: number } {
      const r = removalOf(memberId, videoId);
      if (!r) throw notFound();
      if (r.appealStatus) throw alreadyAppealed();
      return {
        id: file({
          kind: 'removal',
          removalId: r.id,
          reportId: null,
          videoId,
          memberId,
          email: null,
          ground: r.reason,
          statement,
        }),
      };
    },

    /** The requester's appeal of a rejection, by the token of the decision mail; a wrong token: not found. */
    appealRejection(token: string, statement: string): { id: number } {
      const r = requestOf(token);
      if (!r) throw notFound();
      if (r.appealStatus) throw alreadyAppealed();
      return {
        id: file({
          kind: 'rejection',
          removalId: null,
          reportId: r.id,
          videoId: r.videoId,
          memberId: null,
          email: r.email,
          ground: r.subject,
          statement,
        }),
      };
    },

    /** The moderators' queue: open appeals, oldest first, with the video and the original request. */
    list() {
      const rows = sqlite
        .prepare(
          `SELECT a.id, a.kind, a.video_id AS videoId, a.ground, a.statement, a.created_at AS createdAt,
             a.email, m.name AS memberName, v.title, v.dir, v.status_id AS statusId,
             v.media_path AS mediaPath, rep.message AS requestMessage, rep.created_at AS requestedAt,
             rep.resolved_at AS rejectedAt, rem.created_at AS removedAt
           FROM appeals a
           LEFT JOIN members m ON m.id = a.member_id
           LEFT JOIN videos v ON v.id = a.video_id
           LEFT JOIN reports rep ON rep.id = a.report_id
           LEFT JOIN removals rem ON rem.id = a.removal_id
           WHERE a.status = 'open' ORDER BY a.created_at ASC, a.id ASC LIMIT ?`,
        )
        .all(QUEUE_LIMIT) as {
        id: number;
        kind: 'removal' | 'rejection';
        videoId: number | null;
        ground: string;
        statement: string;
        createdAt: number;
        email: string | null;
        memberName: string | null;
        title: string | null;
        dir: string | null;
        statusId: number | null;
        mediaPath: string | null;
        requestMessage: string | null;
        requestedAt: number | null;
        rejectedAt: number | null;
        removedAt: number | null;
      }[];
      return rows.map(({ mediaPath, ...r }) => ({
        ...r,
        thumb: mediaPath ? `/thumbs/${mediaPath}/thumb.jpg` : null,
      }));
    },

    count(): number {
      return sqlite.prepare("SELECT count(*) FROM appeals WHERE status = 'open'").pluck().get() as number;
    },

    /**
     * Uphold or reverse. Reversing a removal restores the video (and its near-duplicate copies removed with
     * it stay removed: each copy is its own removal); reversing a rejection takes the video down.
     */
    decide(actorId: number, appealId: number, reverse: boolean, note: string): { status: string } {
      const a = sqlite
        .prepare(
          `SELECT id, kind, removal_id AS removalId, report_id AS reportId, video_id AS videoId,
             member_id AS memberId, email, ground FROM appeals WHERE id = ? AND status = 'open'`,
        )
        .get(appealId) as
        | {
            id: number;
            kind: 'removal' | 'rejection';
            removalId: number | null;
            reportId: number | null;
            videoId: number | null;
            memberId: number | null;
            email: string | null;
            ground: string;
          }
        | undefined;
      if (!a) throw notFound();
      const status = reverse ? 'reversed' : 'upheld';
      const claimed = sqlite
        .prepare(
          "UPDATE appeals SET status = ?, decided_by = ?, decided_at = ?, decision_note = ? WHERE id = ? AND status = 'open'",
        )
        .run(status, actorId, clock.now(), note, appealId).changes;
      if (claimed === 0) throw notFound();
      let effect: Record<string, unknown> = {};
      if (reverse && a.kind === 'removal' && a.removalId !== null) {
        const restored = removals.restore(a.removalId);
        effect = { restored_video: restored?.videoId ?? null };
      }
      if (reverse && a.kind === 'rejection' && a.videoId !== null) {
        const v = sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(a.videoId) as
          | number
          | undefined;
        effect =
          v !== undefined && v !== 5
            ? {
                removed: removals.takeDown(actorId, a.videoId, note, {
                  reason: a.ground,
                  reportId: a.reportId,
                }).removed,
              }
            : { removed: [] };
      }
      audit.record({
        actorId,
        action: reverse ? 'appeal.reverse' : 'appeal.uphold',
        targetType: 'appeal',
        targetId: appealId,
        reason: note,
        before: { status: 'open', kind: a.kind, video_id: a.videoId },
        after: { status, ...effect },
      });
      if (a.kind === 'removal' && a.memberId !== null) {
        const title = (sqlite.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(a.videoId) ??
          '') as string;
        notifications.send(a.memberId, `appeal_${status}` as 'appeal_upheld', {
          id: a.videoId ?? 0,
          title,
          note,
        });
      }
      if (a.kind === 'rejection' && a.email) {
        const lang = (sqlite
          .prepare('SELECT lang FROM removal_requests WHERE report_id = ?')
          .pluck()
          .get(a.reportId) ?? 'en') as string;
        const { t } = createI18n((isLang(lang) ? lang : 'en') as Lang);
        mailer.queue({
          to: a.email,
          subject: t('mail.appeal_decided.subject', { site: t('site.name'), ref: a.reportId }),
          text: t(`mail.appeal_decided.${status}`, {
            site: t('site.name'),
            ref: a.reportId,
            note: note || '-',
            interpolation: { escapeValue: false },
          }),
        });
      }
      return { status };
    },
  };
  return service;
}

export type Appeals = ReturnType<typeof createAppeals>;
