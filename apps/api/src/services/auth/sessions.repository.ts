import type { Database, DataLayer } from '@vt/db';
import type { ExpressionBuilder } from 'kysely';

const lastSeen = (eb: ExpressionBuilder<Database, 'sessions'>) =>
  eb.fn.coalesce('last_seen_at', 'created_at');

/** All SQL of the sessions table (ADR 0041), on SQLite or PostgreSQL; every write is one statement. */
export function createSessionsRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    async insert(session: {
      id: string;
      memberId: number;
      expiresAt: number;
      createdAt: number;
      userAgent: string | null;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          member_id: session.memberId,
          expires_at: session.expiresAt,
          created_at: session.createdAt,
          user_agent: session.userAgent,
        })
        .execute();
    },

    /** The session and its member, if the member is active. */
    findWithActiveMember(id: string) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select(['s.id', 's.expires_at', 's.last_seen_at', 'm.id as member_id', 'm.name', 'm.role'])
        .where('s.id', '=', id)
        .where('m.status', '=', 'active')
        .executeTakeFirst();
    },

    async setExpiry(id: string, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    },

    async touch(id: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async removeAllOf(memberId: number): Promise<number> {
      const r = await db.deleteFrom('sessions').where('member_id', '=', memberId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * The member's sessions but `keepId`; with `byKey`, only those whose id's first `length` characters
     * are `key` (a shorter key matches nothing).
     */
    async removeOthersOf(
      memberId: number,
      keepId: string,
      byKey?: { length: number; key: string },
    ): Promise<number> {
      let q = db.deleteFrom('sessions').where('member_id', '=', memberId).where('id', '!=', keepId);
      if (byKey)
        q = q.where((eb) =>
          eb(eb.fn<string>('substr', ['id', eb.lit(1), eb.lit(byKey.length)]), '=', byKey.key),
        );
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async removeExpired(now: number): Promise<number> {
      const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** The member's unexpired sessions, most recently used first (at most `limit`). */
    listOf(memberId: number, now: number, limit: number) {
      return db
        .selectFrom('sessions')
        .select((eb) => ['id', 'user_agent', 'created_at', lastSeen(eb).as('last_seen_at')])
        .where('member_id', '=', memberId)
        .where('expires_at', '>', now)
        .orderBy((eb) => lastSeen(eb), 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
