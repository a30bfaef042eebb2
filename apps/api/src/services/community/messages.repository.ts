import type { Database, DataLayer } from '@vt/db';
import type { ExpressionBuilder } from 'kysely';
import { createCommunityTargets, transactionOf } from './community-targets';

/** Both directions of a conversation as `me` sees it: their own deletions hidden. */
const between = (me: number, other: number) => (eb: ExpressionBuilder<Database, 'messages'>) =>
  eb.or([
    eb.and([eb('from_id', '=', me), eb('to_id', '=', other), eb('deleted_by_sender', '=', 0)]),
    eb.and([eb('from_id', '=', other), eb('to_id', '=', me), eb('deleted_by_recipient', '=', 0)]),
  ]);

function messageQueries({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  return {
    /** Only active members can be written to. */
    memberActive: (id: number) => targets.activeMember(id),

    async insert(fromId: number, toId: number, body: string, now: number): Promise<number> {
      const row = await db
        .insertInto('messages')
        .values({ from_id: fromId, to_id: toId, body, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Messages to the member not read yet (that they have not deleted). */
    async unreadCount(me: number): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('to_id', '=', me)
        .where('read_at', 'is', null)
        .where('deleted_by_recipient', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One row per correspondent (at most 200), the latest exchange first: the last message, who they are
     * and how many of theirs are unread.
     */
    conversations(me: number) {
      return db
        .with('mine', (qb) =>
          qb
            .selectFrom('messages')
            .select((eb) => [
              'id',
              'to_id',
              'read_at',
              eb
                .case()
                .when('from_id', '=', me)
                .then(eb.ref('to_id'))
                .else(eb.ref('from_id'))
                .end()
                .as('other'),
            ])
            .where((eb) =>
              eb.or([
                eb.and([eb('from_id', '=', me), eb('deleted_by_sender', '=', 0)]),
                eb.and([eb('to_id', '=', me), eb('deleted_by_recipient', '=', 0)]),
              ]),
            ),
        )
        .with('latest', (qb) =>
          qb
            .selectFrom('mine')
            .select((eb) => [
              'other',
              eb.fn.max('id').as('last_id'),
              eb.fn
                .countAll<number>()
                .filterWhere((f) => f.and([f('to_id', '=', me), f('read_at', 'is', null)]))
                .as('unread'),
            ])
            .groupBy('other'),
        )
        .selectFrom('latest as l')
        .innerJoin('messages as m', 'm.id', 'l.last_id')
        .innerJoin('members as u', 'u.id', 'l.other')
        .select(['l.other', 'l.unread', 'm.body', 'm.created_at', 'm.from_id', 'u.name', 'u.avatar'])
        .orderBy('m.id', 'desc')
        .limit(200)
        .execute();
    },

    /** How many messages of the conversation `me` sees. */
    async countBetween(me: number, other: number): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(between(me, other))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the conversation, newest first. */
    pageBetween(me: number, other: number, limit: number, offset: number) {
      return db
        .selectFrom('messages')
        .select(['id', 'from_id', 'body', 'created_at', 'read_at'])
        .where(between(me, other))
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Everything `other` sent `me` is read now (the first reading's time stays). */
    async markRead(me: number, other: number, now: number): Promise<void> {
      await db
        .updateTable('messages')
        .set({ read_at: now })
        .where('to_id', '=', me)
        .where('from_id', '=', other)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Hides a message on `me`'s side only; false when it is not theirs. */
    async hide(me: number, id: number): Promise<boolean> {
      const r = await db
        .updateTable('messages')
        .set((eb) => ({
          deleted_by_sender: eb
            .case()
            .when('from_id', '=', me)
            .then(1)
            .else(eb.ref('deleted_by_sender'))
            .end(),
          deleted_by_recipient: eb
            .case()
            .when('to_id', '=', me)
            .then(1)
            .else(eb.ref('deleted_by_recipient'))
            .end(),
        }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('from_id', '=', me), eb('to_id', '=', me)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

/** All SQL of the messages table (ADR 0041): private messages, each side's deletions and read marks. */
export function createMessagesRepository(layer: Pick<DataLayer, 'db' | 'dialect'>) {
  return { ...messageQueries(layer), transaction: transactionOf(layer, messageQueries) };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
