import { rollupViewCounters } from '@vt/db';
import type Database from 'better-sqlite3';
import type { Clock } from './clock';

/** The stats job: period counters and the per-country ranking, from the raw daily counters. */
export function createStatsRollup({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  return {
    run(): void {
      rollupViewCounters(sqlite, Math.floor(clock.now() / 86_400));
    },
  };
}
