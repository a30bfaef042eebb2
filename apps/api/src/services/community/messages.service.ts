import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import { checkLength } from '../shared/field-rules';
import type { MessagesRepository } from './messages.repository';

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
  messages,
  clock,
  notifications,
}: {
  messages: MessagesRepository;
  clock: Clock;
  notifications: Pick<Notifications, 'within'>;
}) {
  return {
    async send(
      me: number,
      to: number,
      text: string | undefined,
    ): Promise<{ code: string; messageId: number }> {
      const body = checkLength('msg', text, 1, MESSAGE_MAX);
      if (to === me)
        throw new AppError('cant_message_self', { status: 400, message: "You can't write to yourself" });
      if (!(await messages.memberActive(to)))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const messageId = await messages.transaction(async (tx, layer) => {
        const id = await tx.insert(me, to, body, clock.now());
        await notifications.within(layer).fromMember(me, to, 'message');
        return id;
      });
      return { code: 'message_sent', messageId };
    },

    unreadCount(me: number): Promise<number> {
      return messages.unreadCount(me);
    },

    /** One row per correspondent, the latest exchange first. */
    async conversations(me: number): Promise<Conversation[]> {
      const rows = await messages.conversations(me);
      return rows.map((r) => ({
        member: { id: r.other, name: r.name, avatar: r.avatar },
        last: { body: r.body, createdAt: r.created_at, fromMe: r.from_id === me },
        unread: r.unread,
      }));
    },

    /** A page of the conversation, oldest first within the page (page 1 is the latest); marks it read. */
    async conversation(me: number, other: number, page: number): Promise<Listing<Message>> {
      if (!(await messages.memberActive(other)))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const total = await messages.countBetween(me, other);
      const offset = (page - 1) * CONVERSATION_PAGE_SIZE;
      const rows = await messages.pageBetween(me, other, CONVERSATION_PAGE_SIZE, offset);
      await messages.markRead(me, other, clock.now());
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
    async remove(me: number, messageId: number): Promise<{ code: string }> {
      if (!(await messages.hide(me, messageId)))
        throw new AppError('message_not_found', { status: 404, message: 'Message not found' });
      return { code: 'message_deleted' };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
