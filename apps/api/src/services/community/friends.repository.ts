import type { DataLayer } from '@vt/db';
import { createCommunityTargets, transactionOf } from './community-targets';

export type FriendStatus = 'pending' | 'accepted';

function friendQueries({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  return {
    /** Only active members can be befriended. */
    memberActive: (id: number) => targets.activeMember(id),

    /** The row member → friend: 'pending' (a request), 'accepted', or undefined. */
    async status(memberId: number, friendId: number): Promise<FriendStatus | undefined> {
      const row = await db
        .selectFrom('friends')
        .select('status')
        .where('member_id', '=', memberId)
        .where('friend_id', '=', friendId)
        .executeTakeFirst();
      return row?.status;
    },

    /** Writes the row member → friend with this status (a request's time stays the first one's). */
    async put(memberId: number, friendId: number, status: FriendStatus, now: number): Promise<void> {
      await db
        .insertInto('friends')
        .values({ member_id: memberId, friend_id: friendId, status, created_at: now })
        .onConflict((oc) => oc.columns(['member_id', 'friend_id']).doUpdateSet({ status }))
        .execute();
    },

    async drop(memberId: number, friendId: number): Promise<void> {
      await db
        .deleteFrom('friends')
        .where('member_id', '=', memberId)
        .where('friend_id', '=', friendId)
        .execute();
    },

    /** Requests others sent to the member, newest first (at most 100), from active members. */
    incoming(me: number) {
      return db
        .selectFrom('friends as f')
        .innerJoin('members as m', 'm.id', 'f.member_id')
        .select(['m.id', 'm.name', 'm.avatar', 'f.created_at as createdAt'])
        .where('f.friend_id', '=', me)
        .where('f.status', '=', 'pending')
        .where('m.status', '=', 'active')
        .orderBy('f.created_at', 'desc')
        .limit(100)
        .execute();
    },
  };
}

/** All SQL of the friends table (ADR 0041): one row per direction, 'pending' for a request. */
export function createFriendsRepository(layer: Pick<DataLayer, 'db' | 'dialect'>) {
  return { ...friendQueries(layer), transaction: transactionOf(layer, friendQueries) };
}

export type FriendsRepository = ReturnType<typeof createFriendsRepository>;
