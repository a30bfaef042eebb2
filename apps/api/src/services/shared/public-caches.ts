import type { CacheEpochRepository } from './cache-epoch.repository';

/**
 * Caches of public answers (the legacy response cache, anonymous pages, sitemaps, memoised lists) register
 * here; moderation purges them all when what visitors may see changes. Purging everything keeps the rule
 * simple and always right: a moderation action is rare next to reads, and every answer rebuilds in
 * milliseconds.
 *
 * Each process holds its own caches, so a purge also bumps the database's cache epoch, and `sync()` (awaited
 * at the start of every request) empties this process's caches when another process moved it: a change
 * committed on one API node or worker is seen by every node's next request (ADR 0044), on SQLite and on
 * PostgreSQL alike. Concurrent requests share reads: a request joins a read that starts after it arrived
 * (never one already under way, which may have missed a purge committed since), so at most two reads are in
 * flight however many requests arrive, and the worst-case staleness stays one request.
 */
export function createPublicCaches({ repo }: { repo: CacheEpochRepository }) {
  const purgers: (() => void)[] = [];
  /** The epoch these caches were last emptied for; unknown before the first look (the caches are empty). */
  let seen: number | undefined;
  let looking: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const purgeHere = () => {
    for (const purge of purgers) purge();
  };
  const look = () => {
    looking = repo
      .read()
      .then((epoch) => {
        if (epoch === seen) return;
        seen = epoch;
        purgeHere();
      })
      .finally(() => {
        looking = null;
      });
    return looking;
  };

  return {
    register(purge: () => void): void {
      purgers.push(purge);
    },
    /** Empties this process's caches now, and every other process's at its next request once the bump commits. */
    async purge(): Promise<void> {
      purgeHere();
      seen = await repo.bump();
      // What was cached while the bump was on its way may predate the change.
      purgeHere();
    },
    /** Empties this process's caches if another process purged since the last look. */
    sync(): Promise<void> {
      if (next) return next;
      if (!looking) return look();
      next = looking
        .catch(() => undefined)
        .then(() => {
          next = null;
          return look();
        });
      return next;
    },
  };
}

export type PublicCaches = ReturnType<typeof createPublicCaches>;
