import type { Services } from '../services/index';
import type { JobHandlers } from './worker';

/** The handler of every catalogued job, wired to the services. Each is idempotent: a re-run is harmless. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    'stats.rollup': () => {
      services.rollup.run();
      services.listing.invalidateCounts();
    },
    'sessions.purge': () => ({ removed: services.sessions.purgeExpired() }),
  };
}
