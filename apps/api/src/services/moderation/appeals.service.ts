import type { AppealsTable } from '@vt/db';
import { createI18n, isLang, type Lang } from '@vt/i18n';
import type { Insertable } from 'kysely';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { AppealsRepository } from './appeals.repository';
import { hashToken, type Removals } from './removals.service';

/** An appeal's statement: enough to explain, short enough to read in the queue. */
export const APPEAL_STATEMENT_MAX = 2000;
export const APPEAL_STATEMENT_MIN = 10;
const QUEUE_LIMIT = 100;

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });
const alreadyAppealed = () =>
  new AppError('already_appealed', { status: 409, message: 'This decision has already been appealed' });

/**
 * Appeals (ADR 0037): an uploader appeals the removal of their video (signed in, one appeal per removal);
 * a requester appeals the rejection of their removal request with the token of the decision mail (they may
 * have no account). Moderators uphold or reverse; every decision is audited and the appellant told.
 */
export function createAppeals({
  repo,
  clock,
  audit,
  notifications,
  mailer,
  removals,
}: {
  repo: AppealsRepository;
  clock: Clock;
  audit: AuditLog;
  notifications: Notifications;
  mailer: Pick<Mailer, 'queue'>;
  removals: Removals;
}) {
  const file = async (row: Omit<Insertable<AppealsTable>, 'created_at'>): Promise<number> => {
    const id = await repo.insert({ ...row, created_at: clock.now() });
    if (id === null) throw alreadyAppealed();
    return id;
  };

  const service = {
    /** What the uploader's appeal page shows; not their video, or not removed: not found. */
    async removal(memberId: number, videoId: number) {
      const r = await repo.removalOf(memberId, videoId);
      if (!r) throw notFound();
      return {
        videoId: r.videoId,
        title: r.title,
        reason: r.reason,
        removedAt: r.removedAt,
        appeal: r.appealStatus ? { status: r.appealStatus, createdAt: r.appealedAt } : null,
      };
    },

    async appealRemoval(memberId: number, videoId: number, statement: string): Promise<{ id: number }> {
      const r = await repo.removalOf(memberId, videoId);
      if (!r) throw notFound();
      if (r.appealStatus) throw alreadyAppealed();
      return {
        id: await file({
          kind: 'removal',
          removal_id: r.id,
          video_id: videoId,
          member_id: memberId,
          ground: r.reason,
          statement,
        }),
      };
    },

    /** The requester's appeal of a rejection, by the token of the decision mail; a wrong token: not found. */
    async appealRejection(token: string, statement: string): Promise<{ id: number }> {
      const r = await repo.rejectedRequestOf(hashToken(token));
      if (!r) throw notFound();
      if (r.appealStatus) throw alreadyAppealed();
      return {
        id: await file({
          kind: 'rejection',
          report_id: r.id,
          video_id: r.videoId,
          email: r.email,
          ground: r.subject,
          statement,
        }),
      };
    },

    /** The moderators' queue: open appeals, oldest first, with the video and the original request. */
    async list() {
      const rows = await repo.openQueue(QUEUE_LIMIT);
      return rows.map(({ mediaPath, ...r }) => ({
        ...r,
        thumb: mediaPath ? `/thumbs/${mediaPath}/thumb.jpg` : null,
      }));
    },

    count(): Promise<number> {
      return repo.countOpen();
    },

    /**
     * Uphold or reverse. Reversing a removal restores the video (and its near-duplicate copies removed with
     * it stay removed: each copy is its own removal); reversing a rejection takes the video down.
     */
    async decide(
      actorId: number,
      appealId: number,
      reverse: boolean,
      note: string,
    ): Promise<{ status: string }> {
      const a = await repo.open(appealId);
      if (!a) throw notFound();
      const status = reverse ? 'reversed' : 'upheld';
      if (!(await repo.decide(appealId, { status, actorId, now: clock.now(), note }))) throw notFound();
      let effect: Record<string, unknown> = {};
      if (reverse && a.kind === 'removal' && a.removalId !== null) {
        const restored = await removals.restore(a.removalId);
        effect = { restored_video: restored?.videoId ?? null };
      }
      if (reverse && a.kind === 'rejection' && a.videoId !== null) {
        const v = (await repo.video(a.videoId))?.status_id;
        effect =
          v !== undefined && v !== 5
            ? {
                removed: (
                  await removals.takeDown(actorId, a.videoId, note, {
                    reason: a.ground,
                    reportId: a.reportId,
                  })
                ).removed,
              }
            : { removed: [] };
      }
      await audit.record({
        actorId,
        action: reverse ? 'appeal.reverse' : 'appeal.uphold',
        targetType: 'appeal',
        targetId: appealId,
        reason: note,
        before: { status: 'open', kind: a.kind, video_id: a.videoId },
        after: { status, ...effect },
      });
      if (a.kind === 'removal' && a.memberId !== null) {
        const title = a.videoId === null ? '' : ((await repo.video(a.videoId))?.title ?? '');
        await notifications.send(a.memberId, `appeal_${status}` as 'appeal_upheld', {
          id: a.videoId ?? 0,
          title,
          note,
        });
      }
      if (a.kind === 'rejection' && a.email) {
        const lang = (a.reportId === null ? undefined : await repo.requestLang(a.reportId)) ?? 'en';
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
