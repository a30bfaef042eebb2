import { type DataLayer, writeJson } from '@vt/db';
import { createI18n, isLang, type Lang } from '@vt/i18n';
import {
  GROUP_OF,
  type MemberKind,
  MODERATION_KINDS,
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type NotificationKind,
  type NotificationParams,
  notificationHref,
  notificationText,
} from '@vt/i18n/notifications';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../auth/mailer';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import { createNotificationsRepository, type NotificationsRepository } from './notifications.repository';

export {
  MEMBER_KINDS,
  type MemberKind,
  MODERATION_KINDS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationKind,
  type NotificationParams,
} from '@vt/i18n/notifications';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE = 10_000;
const DAY = 86_400;

export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  params: NotificationParams;
  createdAt: number;
  readAt: number | null;
  unread: boolean;
}

export interface NotificationPrefs {
  muted: NotificationGroup[];
  digest: boolean;
}

const toItem = (r: {
  id: number;
  kind: string;
  params: unknown;
  createdAt: number;
  readAt: number | null;
}): NotificationItem => ({
  ...r,
  kind: r.kind as NotificationKind,
  params: r.params as NotificationParams,
  unread: r.readAt === null,
});

const notFound = () =>
  new AppError('notification_not_found', { status: 404, message: 'Notification not found' });

/**
 * The one way anything tells a member something (ADR 0028). Each event writes at most one row with one
 * indexed insert (the preference check inside it), so a comment, a message or an approval never waits on it;
 * new videos for subscribers fan out in the `notifications.fanout` job. Rows hold a kind and parameters,
 * translated when shown or mailed. On the data layer (ADR 0041); a caller that changes something and notifies
 * about it in one transaction uses `within(layer)`.
 */
export function createNotifications({
  repo,
  clock,
  jobs,
  mailer,
  origin,
}: {
  repo: NotificationsRepository;
  clock: Clock;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Pick<Mailer, 'queue'>;
  origin: string;
}) {
  /** The parameters of a member's act: the actor's id (their name is added by the insert). */
  const memberParams = (actor: number, kind: MemberKind, params: NotificationParams) =>
    JSON.stringify({ ...params, from: actor, ...(kind === 'message' ? { count: 1 } : {}) });

  /** The member-facing writes, on the given repository (the service's, or one bound to a caller's transaction). */
  const writesOn = (repo: NotificationsRepository) => ({
    /** A moderation decision for the member (always delivered). */
    async send(
      memberId: number,
      kind: (typeof MODERATION_KINDS)[number],
      params: NotificationParams,
    ): Promise<void> {
      await repo.insert(memberId, kind, writeJson(params), clock.now());
    },

    /**
     * Something member `actor` did that concerns member `to`: nothing when it is their own act, when `to`
     * muted the kind, or when the actor is gone. Params get the actor's id and name.
     */
    async fromMember(
      actor: number,
      to: number,
      kind: MemberKind,
      params: NotificationParams = {},
    ): Promise<void> {
      if (actor === to) return;
      const now = clock.now();
      if (kind === 'message' && (await repo.collapseMessage(to, actor, GROUP_OF[kind], now)) > 0) return;
      await repo.insertFromMember(actor, to, kind, GROUP_OF[kind], memberParams(actor, kind, params), now);
    },

    /** The friend request from `from` was answered (in place or on the profile): it is read and says so. */
    async answerFriendRequest(me: number, from: number, answer: 'accepted' | 'declined'): Promise<void> {
      await repo.answerFriendRequest(me, from, answer, clock.now());
    },

    /** A request taken back before it was answered: the recipient no longer sees it. */
    async withdrawFriendRequest(from: number, to: number): Promise<void> {
      await repo.withdrawFriendRequest(from, to);
    },
  });

  const service = {
    ...writesOn(repo),

    /**
     * The same writes inside a caller's Kysely transaction (`layer.db` is the transaction), so a change and
     * its notification commit or roll back together on either database.
     */
    within: (layer: Pick<DataLayer, 'db' | 'dialect'>) => writesOn(createNotificationsRepository(layer)),

    /** Videos that just became public: their subscribers are told by a job, never on the approval itself. */
    async videosPublished(videoIds: readonly number[]): Promise<void> {
      for (const videoId of videoIds)
        await jobs.enqueue('notifications.fanout', { videoId }, { uniqueKey: `fanout:${videoId}` });
    },

    /**
     * The job: one `new_video` row for each member subscribed to the uploader, a model or the channel of a
     * public video, named after what they follow. Idempotent: a member already told about it is skipped.
     */
    async fanOutNewVideo(videoId: number): Promise<number> {
      const v = await repo.publicVideo(videoId);
      return v ? repo.fanOutNewVideo(v, clock.now()) : 0;
    },

    /** One page of the member's notifications, newest first. */
    async page(memberId: number, page = 1): Promise<Listing<NotificationItem> & { unread: number }> {
      const total = await repo.count(memberId);
      const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
      const rows = offset < total ? await repo.page(memberId, NOTIFICATIONS_PAGE_SIZE, offset) : [];
      return {
        items: rows.map(toItem),
        totalCount: total,
        page,
        pages: Math.ceil(total / NOTIFICATIONS_PAGE_SIZE),
        unread: await service.unread(memberId),
      };
    },

    /** The newest 50 moderation decisions (the add-video page's list). */
    async decisions(memberId: number): Promise<NotificationItem[]> {
      return (await repo.ofKinds(memberId, MODERATION_KINDS, 50)).map(toItem);
    },

    /** The add-video page read the decisions it showed; the rest stay unread for the bell. */
    async markDecisionsRead(memberId: number): Promise<void> {
      await repo.markRead(memberId, clock.now(), MODERATION_KINDS);
    },

    unread(memberId: number): Promise<number> {
      return repo.unread(memberId);
    },

    /** Marks one notification read; another member's answers exactly like a missing one. */
    async markOne(memberId: number, id: number): Promise<{ unread: number }> {
      if (!(await repo.markOne(memberId, id, clock.now()))) throw notFound();
      return { unread: await service.unread(memberId) };
    },

    async markRead(memberId: number): Promise<void> {
      await repo.markRead(memberId, clock.now());
    },

    async prefs(memberId: number): Promise<NotificationPrefs> {
      const row = await repo.prefs(memberId);
      return {
        muted: (row?.muted.split(',') ?? []).filter((g): g is NotificationGroup =>
          (NOTIFICATION_GROUPS as readonly string[]).includes(g),
        ),
        digest: row?.digest === 1,
      };
    },

    /** Saves the member's choices; the digest is written in the language they saved them in. */
    async savePrefs(memberId: number, prefs: NotificationPrefs, lang: string): Promise<NotificationPrefs> {
      await repo.savePrefs({
        memberId,
        muted: NOTIFICATION_GROUPS.filter((g) => prefs.muted.includes(g)).join(','),
        digest: prefs.digest,
        lang: isLang(lang) ? lang : 'en',
        now: clock.now(),
      });
      return service.prefs(memberId);
    },

    /**
     * The daily digest (job `notifications.digest`, queued hourly): each opted-in member not yet mailed
     * today (UTC) gets one mail of their unread notifications since the last digest, in their language.
     * The send time is recorded before the mail is handed over, so a re-run never mails twice.
     */
    async sendDigests(): Promise<{ mailed: number }> {
      const now = clock.now();
      const today = now - (now % DAY);
      let mailed = 0;
      for (const m of await repo.digestsDue(today)) {
        // Another worker took this member first: the stamp changes nothing and no mail goes out.
        if (!(await repo.stampDigest(m.id, now, today))) continue;
        const items = (await repo.unreadBetween(m.id, m.since ?? 0, now, 50)).map(toItem);
        if (items.length === 0) continue;
        const lang: Lang = isLang(m.lang) ? m.lang : 'en';
        const { t } = createI18n(lang);
        const lines = items.map(
          (n) => `- ${notificationText(t, n)}\n  ${origin}${notificationHref(n, m.id)}`,
        );
        mailer.queue({
          to: m.email,
          subject: t('mail.digest.subject', { site: t('site.name'), count: items.length }),
          text: t('mail.digest.body', {
            site: t('site.name'),
            name: m.name,
            count: items.length,
            items: lines.join('\n'),
            link: `${origin}/notifications/`,
            settings: `${origin}/member_edit/`,
          }),
        });
        mailed++;
      }
      return { mailed };
    },
  };
  return service;
}

export type Notifications = ReturnType<typeof createNotifications>;
