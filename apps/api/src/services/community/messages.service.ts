import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { checkLength } from '../auth/account-rules';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';

export const MESSAGE_MAX = 2000;
export const CONVERSATION_PAGE_SIZE = 30;

export interface Conversation {
  member: { id: number; name: string; avatar: string | null };
  last: { body: string; createdAt: number; fromMe: boolean };
  unread: number;
}

export interface Message {
  id: number;
  fromMe: boolean;
  body: string;
  createdAt: number;
  readAt: number | null;
}

/** Private messages between members: only the two of them ever read a message. */
export function createMessagesService({
  sqlite,
  clock,
  notifications,
}: {
  sqlite: Database.Database;
  clock: Clock;
  notifications: Pick<Notifications, 'fromMember'>;
}) {
  const active = sqlite.prepare("SELECT 1 FROM members WHERE id = ? AND status = 'active'").pluck();
  const insert = sqlite.prepare(
    'INSERT INTO messages (from_id, to_id, body, created_at) VALUES (?, ?, ?, ?)',
  );
  const unread = sqlite
    .prepare('SELECT count(*) FROM messages WHERE to_id = ? AND read_at IS NULL AND deleted_by_recipient = 0')
    .pluck();
  // Both directions of a conversation, as the member sees it (their deletions hidden).
  const VISIBLE = `((from_id = @me AND to_id = @other AND deleted_by_sender = 0)
    OR (from_id = @other AND to_id = @me AND deleted_by_recipient = 0))`;

  return {
    send(me: number, to: number, text: string | undefined): { code: string; messageId: number } {
      const body = checkLength('msg', text, 1, MESSAGE_MAX);
      if (to === me)
        throw new AppError('cant_message_self', { status: 400, message: "You can't write to yourself" });
      if (!active.get(to))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const id = sqlite.transaction(() => {
        const messageId = insert.run(me, to, body, clock.now()).lastInsertRowid;
        notifications.fromMember(me, to, 'message');
        return messageId;
      })();
      return { code: 'message_sent', messageId: Number(id) };
    },

    unreadCount(me: number): number {
      return Number(unread.get(me));
    },

    /** One row per correspondent, the latest exchange first. */
    conversations(me: number): Conversation[] {
      const rows = sqlite
        .prepare(
          `WITH mine AS (
             SELECT id, CASE WHEN from_id = @me THEN to_id ELSE from_id END AS other, from_id, body, created_at, read_at, to_id
             FROM messages
             WHERE (from_id = @me AND deleted_by_sender = 0) OR (to_id = @me AND deleted_by_recipient = 0)
           ), latest AS (
             SELECT other, max(id) AS last_id,
               sum(CASE WHEN to_id = @me AND read_at IS NULL THEN 1 ELSE 0 END) AS unread
             FROM mine GROUP BY other
           )
           SELECT l.other, l.unread, m.body, m.created_at, m.from_id, u.name, u.avatar
           FROM latest l JOIN messages m ON m.id = l.last_id JOIN members u ON u.id = l.other
           ORDER BY m.id DESC LIMIT 200`,
        )
        .all({ me }) as {
        other: number;
        unread: number;
        body: string;
        created_at: number;
        from_id: number;
        name: string;
        avatar: string | null;
      }[];
      return rows.map((r) => ({
        member: { id: r.other, name: r.name, avatar: r.avatar },
        last: { body: r.body, createdAt: r.created_at, fromMe: r.from_id === me },
        unread: r.unread,
      }));
    },

    /** A page of the conversation, oldest first within the page (page 1 is the latest); marks it read. */
    conversation(me: number, other: number, page: number): Listing<Message> {
      if (!active.get(other))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const total = Number(
        sqlite.prepare(`SELECT count(*) FROM messages WHERE ${VISIBLE}`).pluck().get({ me, other }),
      );
      const rows = sqlite
        .prepare(
          `SELECT id, from_id, body, created_at, read_at FROM messages WHERE ${VISIBLE}
           ORDER BY id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({ me, other, limit: CONVERSATION_PAGE_SIZE, offset: (page - 1) * CONVERSATION_PAGE_SIZE }) as {
        id: number;
        from_id: number;
        body: string;
        created_at: number;
        read_at: number | null;
      }[];
      sqlite
        .prepare('UPDATE messages SET read_at = ? WHERE to_id = ? AND from_id = ? AND read_at IS NULL')
        .run(clock.now(), me, other);
      return {
        items: rows.reverse().map((r) => ({
          id: r.id,
          fromMe: r.from_id === me,
          body: r.body,
          createdAt: r.created_at,
          readAt: r.read_at,
        })),
        totalCount: total,
        page,
        pages: Math.ceil(total / CONVERSATION_PAGE_SIZE),
      };
    },

    /** Hides a message from the member's side only; the other side keeps it. */
    remove(me: number, messageId: number): { code: string } {
      const r = sqlite
        .prepare(
          `UPDATE messages SET deleted_by_sender = CASE WHEN from_id = @me THEN 1 ELSE deleted_by_sender END,
             deleted_by_recipient = CASE WHEN to_id = @me THEN 1 ELSE deleted_by_recipient END
           WHERE id = @id AND (from_id = @me OR to_id = @me)`,
        )
        .run({ me, id: messageId });
      if (r.changes === 0)
        throw new AppError('message_not_found', { status: 404, message: 'Message not found' });
      return { code: 'message_deleted' };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
