import type { Database, DataLayer } from '@vt/db';
import type { Kysely } from 'kysely';

/**
 * What the community acts on, as visitors may see it (the existence checks the community repositories share):
 * public videos and albums, models, channels, and members by status.
 */
export function createCommunityTargets(db: Kysely<Database>) {
  const found = async (q: Promise<unknown>) => (await q) !== undefined;
  const member = (id: number, op: '=' | '!=', status: 'active' | 'suspended') =>
    found(
      db
        .selectFrom('members')
        .select('id')
        .where('id', '=', id)
        .where('status', op, status)
        .executeTakeFirst(),
    );
  return {
    /** A listed video or album: approved and public. */
    listed: (table: 'videos' | 'albums', id: number) =>
      found(
        db
          .selectFrom(table)
          .select('id')
          .where('id', '=', id)
          .where('status_id', '=', 1)
          .where('is_private', '=', 0)
          .executeTakeFirst(),
      ),
    model: (id: number) =>
      found(db.selectFrom('models').select('id').where('id', '=', id).executeTakeFirst()),
    channel: (id: number) =>
      found(db.selectFrom('channels').select('id').where('id', '=', id).executeTakeFirst()),
    /** A member who can be written to, befriended or subscribed to. */
    activeMember: (id: number) => member(id, '=', 'active'),
    /** A member whose profile (and its comments) visitors can see. */
    unsuspendedMember: (id: number) => member(id, '!=', 'suspended'),
  };
}

export type CommunityTargets = ReturnType<typeof createCommunityTargets>;

/**
 * `transaction(fn)` for a community repository: `fn` gets the same repository on the transaction, and the
 * transaction's data layer for another repository's writes that belong to it (the notification an act sends,
 * `notifications.within(layer)`), so a service composes writes atomically without writing SQL. Only queries
 * on the transaction may be awaited inside (ADR 0041).
 */
export function transactionOf<R>(
  { db, dialect }: Pick<DataLayer, 'db' | 'dialect'>,
  create: (layer: Pick<DataLayer, 'db' | 'dialect'>) => R,
) {
  return <T>(fn: (tx: R, layer: Pick<DataLayer, 'db' | 'dialect'>) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => {
      const layer = { db: trx, dialect };
      return fn(create(layer), layer);
    });
}
