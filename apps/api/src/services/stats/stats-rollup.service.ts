import { rebuildListingFacets, rollupViewCounters } from '@vt/db';
import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';

/** The stats job: period counters, the per-country ranking and the listing totals. */
export function createStatsRollup({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  return {
    run(): void {
      rollupViewCounters(sqlite, Math.floor(clock.now() / 86_400));
      rebuildListingFacets(sqlite);
    },
  };
}
