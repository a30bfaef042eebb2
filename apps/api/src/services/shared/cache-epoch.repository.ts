import type { DataLayer } from '@vt/db';

/** The one-row cache epoch every node compares with its own (ADR 0044), on SQLite or PostgreSQL. */
export function createCacheEpochRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  // Compiled once: the read runs for every request, before the fast paths.
  const readQuery = db.selectFrom('cache_epoch').select('epoch').where('id', '=', 1).compile();
  return {
    /** The current epoch, 0 before the first purge. */
    async read(): Promise<number> {
      const { rows } = await db.executeQuery(readQuery);
      return rows[0]?.epoch ?? 0;
    },

    /** Moves the epoch on by one (creating the row at 1) and returns the new value. */
    async bump(): Promise<number> {
      const row = await db
        .insertInto('cache_epoch')
        .values({ id: 1, epoch: 1 })
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ epoch: eb('cache_epoch.epoch', '+', 1) })))
        .returning('epoch')
        .executeTakeFirstOrThrow();
      return row.epoch;
    },
  };
}

export type CacheEpochRepository = ReturnType<typeof createCacheEpochRepository>;
