/**
 * Caches of public answers (the legacy response cache, sitemaps…) register here; moderation purges them
 * all when what visitors may see changes. Purging everything keeps the rule simple and always right:
 * a moderation action is rare next to reads, and every answer rebuilds in milliseconds.
 */
export function createPublicCaches() {
  const purgers: (() => void)[] = [];
  return {
    register(purge: () => void): void {
      purgers.push(purge);
    },
    purge(): void {
      for (const purge of purgers) purge();
    },
  };
}

export type PublicCaches = ReturnType<typeof createPublicCaches>;
