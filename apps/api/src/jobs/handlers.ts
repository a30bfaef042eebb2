import type { Services } from '../container';
import type { JobHandlers } from '../services/jobs/worker';

/** The handler of every catalogued job, wired to the services. Each is idempotent: a re-run is harmless. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    'stats.rollup': () => {
      services.rollup.run();
      services.listing.invalidateCounts();
    },
    'sessions.purge': () => ({ removed: services.sessions.purgeExpired() }),
    // An engine outage fails the job, which retries with backoff: the backlog catches up on its own.
    'search.index': async ({ videoIds }) => {
      await services.search.engine.index(videoIds);
      return { indexed: videoIds.length };
    },
    'search.keywords': () => ({ keywords: services.search.refreshTitleKeywords() }),
    'media.ingest': (payload, ctx) => services.ingest(payload, ctx),
    'media.free': (payload) => services.mediaFree(payload),
    'media.restore': (payload, ctx) => services.restorationRerun(payload, ctx),
    'uploads.cleanup': () => ({ removed: services.uploads.cleanUpExpired() }),
    'notifications.fanout': ({ videoId }) => ({ notified: services.notifications.fanOutNewVideo(videoId) }),
    'notifications.digest': () => services.notifications.sendDigests(),
    'removals.deadlines': () => services.moderation.removals.escalate(),
  };
}
