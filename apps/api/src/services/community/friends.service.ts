import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { FriendsRepository } from './friends.repository';

export const FRIEND_ACTIONS = ['request', 'accept', 'decline', 'remove'] as const;
export type FriendAction = (typeof FRIEND_ACTIONS)[number];

/**
 * Friendships: a request is the requester's 'pending' row; accepting writes both 'accepted' rows; declining
 * drops the request; removing drops both directions.
 */
export function createFriendsService({
  friends,
  clock,
  notifications,
}: {
  friends: FriendsRepository;
  clock: Clock;
  notifications: Pick<Notifications, 'within'>;
}) {
  // Accepting tells the one who asked, and the request's notification says it was answered.
  const accept = (me: number, other: number) =>
    friends.transaction(async (tx, layer) => {
      await tx.put(other, me, 'accepted', clock.now());
      await tx.put(me, other, 'accepted', clock.now());
      await notifications.within(layer).answerFriendRequest(me, other, 'accepted');
      await notifications.within(layer).fromMember(me, other, 'friend_accepted');
    });

  return {
    async act(me: number, other: number, action: FriendAction): Promise<{ code: string }> {
      if (other === me)
        throw new AppError('cant_friend_self', {
          status: 400,
          message: "You can't add yourself as a friend",
        });
      if (!(await friends.memberActive(other)))
        throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      const mine = await friends.status(me, other);
      const theirs = await friends.status(other, me);
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
            await accept(me, other);
            return { code: 'friend_added' };
          }
          await friends.transaction(async (tx, layer) => {
            await tx.put(me, other, 'pending', clock.now());
            await notifications.within(layer).fromMember(me, other, 'friend_request');
          });
          return { code: 'friend_request_sent' };
        case 'accept':
          if (theirs !== 'pending')
            throw new AppError('no_friend_request', {
              status: 404,
              message: 'There is no such friend request',
            });
          await accept(me, other);
          return { code: 'friend_added' };
        case 'decline':
          if (theirs !== 'pending')
            throw new AppError('no_friend_request', {
              status: 404,
              message: 'There is no such friend request',
            });
          await friends.transaction(async (tx, layer) => {
            await tx.drop(other, me);
            await notifications.within(layer).answerFriendRequest(me, other, 'declined');
          });
          return { code: 'friend_declined' };
        case 'remove':
          await friends.transaction(async (tx, layer) => {
            await tx.drop(me, other);
            await tx.drop(other, me);
            if (mine === 'pending') await notifications.within(layer).withdrawFriendRequest(me, other);
          });
          return { code: 'friend_removed' };
      }
    },

    /** Requests others sent to the member, newest first. */
    incoming(me: number) {
      return friends.incoming(me);
    },

    /** me → other: 'none', 'sent', 'received' or 'friends'. */
    async relation(me: number, other: number): Promise<'none' | 'sent' | 'received' | 'friends'> {
      const mine = await friends.status(me, other);
      if (mine === 'accepted') return 'friends';
      if (mine === 'pending') return 'sent';
      return (await friends.status(other, me)) === 'pending' ? 'received' : 'none';
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
