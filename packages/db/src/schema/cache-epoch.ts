import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * One row counting purges of the public caches. A node that purges bumps it; every node reads it at the
 * start of each request and empties its own in-process caches when it moved, so what a takedown on one
 * node hides is gone from every node's next answer.
 */
export const cacheEpoch = sqliteTable('cache_epoch', {
  id: integer('id').primaryKey(),
  epoch: integer('epoch').notNull(),
});
