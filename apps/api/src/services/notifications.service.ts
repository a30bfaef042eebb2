import type Database from 'better-sqlite3';
import type { Clock } from './clock';

export const NOTIFICATION_KINDS = [
  'video_approved',
  'video_rejected',
  'video_taken_down',
  'video_edit_approved',
  'video_edit_rejected',
  'album_approved',
  'album_rejected',
  'account_suspended',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationParams = Record<string, string | number>;

/** Site messages to a member, stored as a kind and parameters and translated when shown (notification.*). */
export function createNotifications({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const insert = sqlite.prepare(
    'INSERT INTO notifications (member_id, kind, params, created_at) VALUES (?, ?, ?, ?)',
  );
  return {
    send(memberId: number, kind: NotificationKind, params: NotificationParams): void {
      insert.run(memberId, kind, JSON.stringify(params), clock.now());
    },

    /** The newest 50, unread first marked as such. */
    list(memberId: number) {
      return (
        sqlite
          .prepare(
            `SELECT id, kind, params, created_at AS createdAt, read_at AS readAt FROM notifications
             WHERE member_id = ? ORDER BY id DESC LIMIT 50`,
          )
          .all(memberId) as {
          id: number;
          kind: NotificationKind;
          params: string;
          createdAt: number;
          readAt: number | null;
        }[]
      ).map((r) => ({ ...r, params: JSON.parse(r.params) as NotificationParams, unread: r.readAt === null }));
    },

    unread(memberId: number): number {
      return sqlite
        .prepare('SELECT count(*) FROM notifications WHERE member_id = ? AND read_at IS NULL')
        .pluck()
        .get(memberId) as number;
    },

    markRead(memberId: number): void {
      sqlite
        .prepare('UPDATE notifications SET read_at = ? WHERE member_id = ? AND read_at IS NULL')
        .run(clock.now(), memberId);
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
