import type Database from 'better-sqlite3';

/**
 * Caches of public answers (the legacy response cache, anonymous pages, sitemaps, memoised lists) register
 * here; moderation purges them all when what visitors may see changes. Purging everything keeps the rule
 * simple and always right: a moderation action is rare next to reads, and every answer rebuilds in
 * milliseconds.
 *
 * Each process holds its own caches, so a purge also bumps the database's cache epoch, and `sync()` (run
 * at the start of every request) empties this process's caches when another process moved it: a change
 * committed on one API node or worker is seen by every node's next request.
 */
export function createPublicCaches({ sqlite }: { sqlite: Database.Database }) {
  const purgers: (() => void)[] = [];
  const read = sqlite.prepare('SELECT epoch FROM cache_epoch WHERE id = 1').pluck();
  const bump = sqlite
    .prepare(
      `INSERT INTO cache_epoch (id, epoch) VALUES (1, 1)
       ON CONFLICT (id) DO UPDATE SET epoch = epoch + 1 RETURNING epoch`,
    )
    .pluck();
  const current = () => (read.get() as number | undefined) ?? 0;
  let seen = current();

  const purgeHere = () => {
    for (const purge of purgers) purge();
  };

  return {
    register(purge: () => void): void {
      purgers.push(purge);
    },
    purge(): void {
      seen = bump.get() as number;
      purgeHere();
    },
    /** Empties this process's caches if another process purged since the last look. */
    sync(): void {
      const epoch = current();
      if (epoch === seen) return;
      seen = epoch;
      purgeHere();
    },
  };
}

export type PublicCaches = ReturnType<typeof createPublicCaches>;
