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
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../auth/mailer';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';

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

interface Row {
  id: number;
  kind: NotificationKind;
  params: string;
  createdAt: number;
  readAt: number | null;
}

const toItem = (r: Row): NotificationItem => ({
  ...r,
  params: JSON.parse(r.params) as NotificationParams,
  unread: r.readAt === null,
});

const MODERATION_JSON = JSON.stringify(MODERATION_KINDS);

const notFound = () =>
  new AppError('notification_not_found', { status: 404, message: 'Notification not found' });

/**
 * The one way anything tells a member something (ADR 0028). Each event writes at most one row with one
 * indexed insert (a preference check by primary key first), so a comment, a message or an approval never
 * waits on it; new videos for subscribers fan out in the `notifications.fanout` job. Rows hold a kind and
 * parameters, translated when shown or mailed.
 */
export function createNotifications({
  sqlite,
  clock,
  jobs,
  mailer,
  origin,
}: {
  sqlite: Database.Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'enqueueLater'>;
  mailer: Pick<Mailer, 'queue'>;
  origin: string;
}) {
  const insert = sqlite.prepare(
    'INSERT INTO notifications (member_id, kind, params, created_at) VALUES (?, ?, ?, ?)',
  );
  const mutedOf = sqlite.prepare('SELECT muted FROM notification_prefs WHERE member_id = ?').pluck();
  const actorName = sqlite.prepare("SELECT name FROM members WHERE id = ? AND status = 'active'").pluck();
  const unreadCount = sqlite
    .prepare('SELECT count(*) FROM notifications WHERE member_id = ? AND read_at IS NULL')
    .pluck();
  // Many messages from one sender are one line: the unread one from them counts up and moves to the top.
  const collapseMessage = sqlite.prepare(
    `UPDATE notifications SET params = json_set(params, '$.count', json_extract(params, '$.count') + 1),
       created_at = ? WHERE member_id = ? AND kind = 'message' AND read_at IS NULL
       AND json_extract(params, '$.from') = ?`,
  );

  const wants = (memberId: number, kind: MemberKind) => {
    const muted = mutedOf.get(memberId) as string | undefined;
    return !muted?.split(',').includes(GROUP_OF[kind]);
  };

  const service = {
    /** A moderation decision for the member (always delivered). */
    send(memberId: number, kind: (typeof MODERATION_KINDS)[number], params: NotificationParams): void {
      insert.run(memberId, kind, JSON.stringify(params), clock.now());
    },

    /**
     * Something member `actor` did that concerns member `to`: nothing when it is their own act, when `to`
     * muted the kind, or when the actor is gone. Params get the actor's id and name.
     */
    fromMember(actor: number, to: number, kind: MemberKind, params: NotificationParams = {}): void {
      if (actor === to || !wants(to, kind)) return;
      const name = actorName.get(actor) as string | undefined;
      if (name === undefined) return;
      if (kind === 'message' && collapseMessage.run(clock.now(), to, actor).changes > 0) return;
      const all = { ...params, from: actor, name, ...(kind === 'message' ? { count: 1 } : {}) };
      insert.run(to, kind, JSON.stringify(all), clock.now());
    },

    /** The friend request from `from` was answered (in place or on the profile): it is read and says so. */
    answerFriendRequest(me: number, from: number, answer: 'accepted' | 'declined'): void {
      sqlite
        .prepare(
          `UPDATE notifications SET read_at = coalesce(read_at, ?), params = json_set(params, '$.answer', ?)
           WHERE member_id = ? AND kind = 'friend_request' AND json_extract(params, '$.from') = ?`,
        )
        .run(clock.now(), answer, me, from);
    },

    /** A request taken back before it was answered: the recipient no longer sees it. */
    withdrawFriendRequest(from: number, to: number): void {
      sqlite
        .prepare(
          `DELETE FROM notifications WHERE member_id = ? AND kind = 'friend_request'
           AND json_extract(params, '$.from') = ? AND json_extract(params, '$.answer') IS NULL`,
        )
        .run(to, from);
    },

    /** Videos that just became public: their subscribers are told by a job, never on the approval itself. */
    videosPublished(videoIds: readonly number[]): void {
      for (const videoId of videoIds)
        jobs.enqueueLater('notifications.fanout', { videoId }, { uniqueKey: `fanout:${videoId}` });
    },

    /**
     * The job: one `new_video` row for each member subscribed to the uploader, a model or the channel of a
     * public video, named after what they follow. Idempotent: a member already told about it is skipped.
     */
    fanOutNewVideo(videoId: number): number {
      const v = sqlite
        .prepare(
          `SELECT v.id, v.title, v.dir, v.uploader_id, v.channel_id, m.name AS uploader
           FROM videos v LEFT JOIN members m ON m.id = v.uploader_id
           WHERE v.id = ? AND v.status_id = 1 AND v.is_private = 0`,
        )
        .get(videoId) as
        | {
            id: number;
            title: string;
            dir: string;
            uploader_id: number | null;
            channel_id: number | null;
            uploader: string | null;
          }
        | undefined;
      if (!v) return 0;
      return sqlite
        .prepare(
          `WITH src(member_id, prio, label) AS (
             SELECT member_id, 0, @uploader FROM subscriptions WHERE section = 'member' AND object_id = @uploaderId
             UNION ALL
             SELECT s.member_id, 1, mo.title FROM subscriptions s
               JOIN video_models vm ON vm.model_id = s.object_id AND vm.video_id = @id
               JOIN models mo ON mo.id = vm.model_id
             WHERE s.section = 'model'
             UNION ALL
             SELECT s.member_id, 2, c.title FROM subscriptions s JOIN channels c ON c.id = s.object_id
             WHERE s.section = 'channel' AND s.object_id = @channelId
           )
           INSERT INTO notifications (member_id, kind, params, created_at)
           SELECT member_id, 'new_video', json_object('id', @id, 'dir', @dir, 'title', @title, 'source', label), @now
           FROM (
           -- SQLite takes the bare label from the row of min(prio): the uploader, else a model, else the channel.
           SELECT src.member_id, src.label, min(src.prio) FROM src JOIN members mb ON mb.id = src.member_id AND mb.status = 'active'
           LEFT JOIN notification_prefs p ON p.member_id = src.member_id
           WHERE src.member_id IS NOT @uploaderId
             AND (p.muted IS NULL OR ',' || p.muted || ',' NOT LIKE '%,new_videos,%')
             AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.member_id = src.member_id
               AND n.kind = 'new_video' AND json_extract(n.params, '$.id') = @id)
           GROUP BY src.member_id)`,
        )
        .run({
          id: v.id,
          dir: v.dir,
          title: v.title,
          uploader: v.uploader ?? '',
          uploaderId: v.uploader_id,
          channelId: v.channel_id,
          now: clock.now(),
        }).changes;
    },

    /** One page of the member's notifications, newest first. */
    page(memberId: number, page = 1): Listing<NotificationItem> & { unread: number } {
      const total = Number(
        sqlite.prepare('SELECT count(*) FROM notifications WHERE member_id = ?').pluck().get(memberId),
      );
      const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
      const rows =
        offset < total
          ? (sqlite
              .prepare(
                `SELECT id, kind, params, created_at AS createdAt, read_at AS readAt FROM notifications
                 WHERE member_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
              )
              .all(memberId, NOTIFICATIONS_PAGE_SIZE, offset) as Row[])
          : [];
      return {
        items: rows.map(toItem),
        totalCount: total,
        page,
        pages: Math.ceil(total / NOTIFICATIONS_PAGE_SIZE),
        unread: service.unread(memberId),
      };
    },

    /** The newest 50 moderation decisions (the add-video page's list). */
    decisions(memberId: number): NotificationItem[] {
      return (
        sqlite
          .prepare(
            `SELECT id, kind, params, created_at AS createdAt, read_at AS readAt FROM notifications
             WHERE member_id = ? AND kind IN (SELECT value FROM json_each(?))
             ORDER BY created_at DESC, id DESC LIMIT 50`,
          )
          .all(memberId, MODERATION_JSON) as Row[]
      ).map(toItem);
    },

    /** The add-video page read the decisions it showed; the rest stay unread for the bell. */
    markDecisionsRead(memberId: number): void {
      sqlite
        .prepare(
          `UPDATE notifications SET read_at = ? WHERE member_id = ? AND read_at IS NULL
           AND kind IN (SELECT value FROM json_each(?))`,
        )
        .run(clock.now(), memberId, MODERATION_JSON);
    },

    unread(memberId: number): number {
      return Number(unreadCount.get(memberId));
    },

    /** Marks one notification read; another member's answers exactly like a missing one. */
    markOne(memberId: number, id: number): { unread: number } {
      const r = sqlite
        .prepare('UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE id = ? AND member_id = ?')
        .run(clock.now(), id, memberId);
      if (r.changes === 0) throw notFound();
      return { unread: service.unread(memberId) };
    },

    markRead(memberId: number): void {
      sqlite
        .prepare('UPDATE notifications SET read_at = ? WHERE member_id = ? AND read_at IS NULL')
        .run(clock.now(), memberId);
    },

    prefs(memberId: number): NotificationPrefs {
      const row = sqlite
        .prepare('SELECT muted, digest FROM notification_prefs WHERE member_id = ?')
        .get(memberId) as { muted: string; digest: number } | undefined;
      return {
        muted: (row?.muted.split(',') ?? []).filter((g): g is NotificationGroup =>
          (NOTIFICATION_GROUPS as readonly string[]).includes(g),
        ),
        digest: row?.digest === 1,
      };
    },

    /** Saves the member's choices; the digest is written in the language they saved them in. */
    savePrefs(memberId: number, prefs: NotificationPrefs, lang: string): NotificationPrefs {
      const muted = NOTIFICATION_GROUPS.filter((g) => prefs.muted.includes(g)).join(',');
      sqlite
        .prepare(
          `INSERT INTO notification_prefs (member_id, muted, digest, lang, digest_sent_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (member_id) DO UPDATE SET muted = excluded.muted, digest = excluded.digest,
             lang = excluded.lang, digest_sent_at = coalesce(digest_sent_at, excluded.digest_sent_at)`,
        )
        .run(memberId, muted, prefs.digest ? 1 : 0, isLang(lang) ? lang : 'en', clock.now());
      return service.prefs(memberId);
    },

    /**
     * The daily digest (job `notifications.digest`, queued hourly): each opted-in member not yet mailed
     * today (UTC) gets one mail of their unread notifications since the last digest, in their language.
     * The send time is recorded before the mail is handed over, so a re-run never mails twice.
     */
    sendDigests(): { mailed: number } {
      const now = clock.now();
      const today = now - (now % DAY);
      const due = sqlite
        .prepare(
          `SELECT p.member_id AS id, p.lang, p.digest_sent_at AS since, m.name, m.email
           FROM notification_prefs p JOIN members m ON m.id = p.member_id AND m.status = 'active'
           WHERE p.digest = 1 AND (p.digest_sent_at IS NULL OR p.digest_sent_at < ?)`,
        )
        .all(today) as { id: number; lang: string; since: number | null; name: string; email: string }[];
      const stamp = sqlite.prepare(
        'UPDATE notification_prefs SET digest_sent_at = ? WHERE member_id = ? AND (digest_sent_at IS NULL OR digest_sent_at < ?)',
      );
      const unreadSince = sqlite.prepare(
        `SELECT id, kind, params, created_at AS createdAt, read_at AS readAt FROM notifications
         WHERE member_id = ? AND read_at IS NULL AND created_at > ? AND created_at <= ?
         ORDER BY created_at DESC, id DESC LIMIT 50`,
      );
      let mailed = 0;
      for (const m of due) {
        // Another worker took this member first: the stamp changes nothing and no mail goes out.
        if (stamp.run(now, m.id, today).changes === 0) continue;
        const items = (unreadSince.all(m.id, m.since ?? 0, now) as Row[]).map(toItem);
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
