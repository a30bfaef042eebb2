import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';

export const FRIEND_ACTIONS = ['request', 'accept', 'decline', 'remove'] as const;
export type FriendAction = (typeof FRIEND_ACTIONS)[number];

/**
 * Friendships: a request is the requester's 'pending' row; accepting writes both 'accepted' rows; declining
 * drops the request; removing drops both directions.
 */
export function createFriendsService({
  sqlite,
  clock,
  notifications,
}: {
  sqlite: Database.Database;
  clock: Clock;
  notifications: Pick<Notifications, 'fromMember' | 'answerFriendRequest' | 'withdrawFriendRequest'>;
}) {
  const row = sqlite.prepare('SELECT status FROM friends WHERE member_id = ? AND friend_id = ?').pluck();
  const put = sqlite.prepare(
    `INSERT INTO friends (member_id, friend_id, status, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (member_id, friend_id) DO UPDATE SET status = excluded.status`,
  );
  const drop = sqlite.prepare('DELETE FROM friends WHERE member_id = ? AND friend_id = ?');
  const active = sqlite.prepare("SELECT 1 FROM members WHERE id = ? AND status = 'active'").pluck();

  // Accepting tells the one who asked, and the request's notification says it was answered.
  const accept = (me: number, other: number) =>
    sqlite.transaction(() => {
      put.run(other, me, 'accepted', clock.now());
      put.run(me, other, 'accepted', clock.now());
      notifications.answerFriendRequest(me, other, 'accepted');
      notifications.fromMember(me, other, 'friend_accepted');
    })();

  return {
    act(me: number, other: number, action: FriendAction): { code: string } {
      if (other === me)
        throw new AppError('cant_friend_self', {
          status: 400,
          message: "You can't add yourself as a friend",
        });
      if (!active.get(other))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const mine = row.get(me, other) as string | undefined;
      const theirs = row.get(other, me) as string | undefined;
      switch (action) {
        case 'request':
          if (mine === 'accepted')
            throw new AppError('already_friends', { status: 409, message: 'You are already friends' });
          if (mine === 'pending')
            throw new AppError('friend_request_already_sent', {
              status: 409,
              message: 'Friend request already sent',
            });
          // They asked first: asking back is accepting.
          if (theirs === 'pending') {
            accept(me, other);
            return { code: 'friend_added' };
          }
          sqlite.transaction(() => {
            put.run(me, other, 'pending', clock.now());
            notifications.fromMember(me, other, 'friend_request');
          })();
          return { code: 'friend_request_sent' };
        case 'accept':
          if (theirs !== 'pending')
            throw new AppError('no_friend_request', {
              status: 404,
              message: 'There is no such friend request',
            });
          accept(me, other);
          return { code: 'friend_added' };
        case 'decline':
          if (theirs !== 'pending')
            throw new AppError('no_friend_request', {
              status: 404,
              message: 'There is no such friend request',
            });
          sqlite.transaction(() => {
            drop.run(other, me);
            notifications.answerFriendRequest(me, other, 'declined');
          })();
          return { code: 'friend_declined' };
        case 'remove':
          sqlite.transaction(() => {
            drop.run(me, other);
            drop.run(other, me);
            if (mine === 'pending') notifications.withdrawFriendRequest(me, other);
          })();
          return { code: 'friend_removed' };
      }
    },

    /** Requests others sent to the member, newest first. */
    incoming(me: number) {
      return sqlite
        .prepare(
          `SELECT m.id, m.name, m.avatar, f.created_at AS createdAt FROM friends f JOIN members m ON m.id = f.member_id
           WHERE f.friend_id = ? AND f.status = 'pending' AND m.status = 'active' ORDER BY f.created_at DESC LIMIT 100`,
        )
        .all(me) as { id: number; name: string; avatar: string | null; createdAt: number }[];
    },

    /** me → other: 'none', 'sent', 'received' or 'friends'. */
    relation(me: number, other: number): 'none' | 'sent' | 'received' | 'friends' {
      const mine = row.get(me, other);
      if (mine === 'accepted') return 'friends';
      if (mine === 'pending') return 'sent';
      return row.get(other, me) === 'pending' ? 'received' : 'none';
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
