import { dayNumber } from '@vt/db';
import type { Clock } from '../shared/clock';
import type { ViewsRepository } from './views.repository';

/** The stats job: period counters and the per-country ranking, then the listing totals (the data layer). */
export function createStatsRollup({ repo, clock }: { repo: ViewsRepository; clock: Clock }) {
  return {
    async run(): Promise<void> {
      await repo.rollup(dayNumber(clock.now()));
      await repo.rebuildListingFacets();
    },

    /** At start: a database that never ran the stats job (copied, imported) gets its totals now. */
    async runIfNeverRan(): Promise<void> {
      if (!(await repo.hasListingFacets())) await this.run();
    },
  };
}
