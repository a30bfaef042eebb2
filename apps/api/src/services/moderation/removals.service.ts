import { createHash, randomBytes } from 'node:crypto';
import type { DataLayer } from '@vt/db';
import { createI18n, isLang, type Lang } from '@vt/i18n';
import { AppError } from '../../lib/app-error';
import { auditRow } from '../audit/audit-entry';
import type { Mailer } from '../auth/mailer';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PublishService } from '../videos/publish.service';
import { createRemovalsRepository, type RemovalsRepository } from './removals.repository';

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
  copiesOf(videoId: number): Promise<number[]>;
}
export const noNearDuplicates: NearDuplicates = { copiesOf: async () => [] };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const notFound = () => new AppError('not_found', { status: 404, message: 'Not found' });

/**
 * Removals (ADR 0037): every video taken down by moderation is recorded with its reason and prior status,
 * near-duplicate copies go with it, a rejected deadline request gets an appeal link, and the team is warned
 * by mail before a 48-hour deadline passes.
 */
export function createRemovals({
  repo,
  clock,
  publish,
  notifications,
  mailer,
  origin,
  nearDuplicates = noNearDuplicates,
}: {
  repo: RemovalsRepository;
  clock: Clock;
  publish: PublishService;
  notifications: Pick<Notifications, 'within'>;
  mailer: Pick<Mailer, 'queue'>;
  origin: string;
  nearDuplicates?: NearDuplicates;
}) {
  const translator = (lang: string) => createI18n((isLang(lang) ? lang : 'en') as Lang).t;

  const reasonOf = (reports: { subject: string }[]) =>
    REASON_RANK.find((r) => reports.some((x) => x.subject === r)) ?? 'other';

  const service = {
    /**
     * Takes the video and its known near-duplicates down (status 5, caches purged by the publish service),
     * resolves their open reports, records and audits each removal and tells each uploader, in one
     * transaction.
     */
    async takeDown(
      actorId: number,
      videoId: number,
      note: string,
      given: { reason?: string; reportId?: number | null } = {},
    ): Promise<{ removed: number[] }> {
      const v = await repo.video(videoId);
      if (!v) throw notFound();
      if (v.statusId === 5)
        throw new AppError('already_deleted', { status: 409, message: 'The video is already deleted' });
      const reports = await repo.openReportsOf(videoId);
      const reason = given.reason ?? reasonOf(reports);
      const reportId =
        given.reportId ?? reports.find((r) => r.subject === reason)?.id ?? reports[0]?.id ?? null;
      const copies = [];
      for (const id of new Set(await nearDuplicates.copiesOf(videoId))) {
        if (id === videoId) continue;
        const c = await repo.video(id);
        if (c !== undefined && c.statusId !== 5) copies.push(c);
      }
      const all = [v, ...copies];
      const now = clock.now();
      await repo.transaction(async (tx, layer) => {
        for (const target of all) {
          const copyOf = target.id === videoId ? null : videoId;
          await tx.insertRemoval({
            videoId: target.id,
            reason,
            reportId,
            copyOf,
            priorStatus: target.statusId,
            actorId,
            now,
          });
          await tx.resolveReportsOf(target.id, actorId, now);
          await tx.audit(
            auditRow(
              {
                actorId,
                action: 'video.takedown',
                targetType: 'video',
                targetId: target.id,
                reason: note,
                before: { status_id: target.statusId },
                after: { status_id: 5, reason, ...(copyOf ? { copy_of: copyOf } : {}) },
              },
              now,
            ),
          );
          if (target.uploaderId !== null)
            await notifications.within(layer).send(target.uploaderId, 'video_taken_down', {
              id: target.id,
              title: target.title,
              note,
            });
        }
      });
      await publish.takeDown(all.map((t) => t.id));
      return { removed: all.map((t) => t.id) };
    },

    /**
     * A DMCA notice's videos (already taken down by the takedowns service) enter the removal record, on the
     * takedowns service's transaction (`layer.db` is the transaction).
     */
    async recorded(
      layer: Pick<DataLayer, 'db' | 'dialect'>,
      actorId: number,
      found: { id: number; status_id: number }[],
      reportId: number | null,
    ): Promise<void> {
      const now = clock.now();
      const tx = createRemovalsRepository(layer);
      for (const f of found)
        if (f.status_id !== 5)
          await tx.insertRemoval({
            videoId: f.id,
            reason: 'copyright',
            reportId,
            copyOf: null,
            priorStatus: f.status_id,
            actorId,
            now,
          });
    },

    /** A reversed removal: the video returns to the status it had and its uploader's counters follow. */
    async restore(removalId: number): Promise<{ videoId: number } | null> {
      const r = await repo.unrestored(removalId);
      if (!r || r.videoId === null) return null;
      if (!(await repo.markRestored(removalId, clock.now()))) return null;
      await publish.restore([r.videoId], r.prior);
      return { videoId: r.videoId };
    },

    /**
     * Deadline requests among reports a moderator dismissed: each requester is mailed the decision with a
     * link to appeal it (an unguessable token, kept only as its hash).
     */
    async rejected(reportIds: readonly number[], note: string): Promise<void> {
      for (const r of await repo.requestsOf(reportIds)) {
        const t = translator(r.lang);
        const token = randomBytes(24).toString('base64url');
        await repo.setAppealTokenHash(r.id, hashToken(token));
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
    async escalate(): Promise<{ approaching: number; missed: number }> {
      const now = clock.now();
      const due = await repo.dueRequests(now, DEADLINE_WARNING_SECONDS);
      const team = await repo.staffMail();
      const counts = { approaching: 0, missed: 0 };
      for (const r of due) {
        const isMissed = r.deadline <= now;
        if (isMissed ? r.missed : r.warned) continue;
        const kind = isMissed ? 'missed' : 'approaching';
        // A request first seen after its deadline is not also warned about later.
        const claimed = await repo.transaction(async (tx) => {
          const changed = await tx.markAlert(r.id, kind, now);
          if (isMissed) await tx.markAlert(r.id, 'approaching', now);
          return changed;
        });
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
