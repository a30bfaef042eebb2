import type { DataLayer } from '@vt/db';
import { createCommunityTargets, transactionOf } from './community-targets';

export type SubscribedSection = 'member' | 'model' | 'channel';

const COUNTED = { member: 'members', model: 'models', channel: 'channels' } as const;

function subscriptionQueries({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  return {
    /** An active member, a model or a channel. */
    exists(section: SubscribedSection, id: number): Promise<boolean> {
      if (section === 'member') return targets.activeMember(id);
      return section === 'model' ? targets.model(id) : targets.channel(id);
    },

    /** False when the member is subscribed already. */
    async add(memberId: number, section: SubscribedSection, objectId: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('subscriptions')
        .values({ member_id: memberId, section, object_id: objectId, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('member_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** False when the member was not subscribed. */
    async remove(memberId: number, section: SubscribedSection, objectId: number): Promise<boolean> {
      const r = await db
        .deleteFrom('subscriptions')
        .where('member_id', '=', memberId)
        .where('section', '=', section)
        .where('object_id', '=', objectId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Moves the object's subscriber counter by `by`, never below 0. */
    async count(section: SubscribedSection, objectId: number, by: 1 | -1): Promise<void> {
      await db
        .updateTable(COUNTED[section])
        .set((eb) => ({
          subscribers_count: eb
            .case()
            .when(eb('subscribers_count', '+', by), '<', 0)
            .then(0)
            .else(eb('subscribers_count', '+', by))
            .end(),
        }))
        .where('id', '=', objectId)
        .execute();
    },

    async isSubscribed(memberId: number, section: SubscribedSection, objectId: number): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('member_id')
        .where('member_id', '=', memberId)
        .where('section', '=', section)
        .where('object_id', '=', objectId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** All SQL of the subscriptions table (ADR 0041), and the subscriber counters it keeps. */
export function createSubscriptionsRepository(layer: Pick<DataLayer, 'db' | 'dialect'>) {
  return { ...subscriptionQueries(layer), transaction: transactionOf(layer, subscriptionQueries) };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
