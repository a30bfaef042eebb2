import type { Services } from '../container';
import type { JobHandlers } from '../services/jobs/worker';

/** The handler of every catalogued job, wired to the services. Each is idempotent: a re-run is harmless. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    'stats.rollup': async () => {
      await services.rollup.run();
      services.listing.invalidateCounts();
    },
    'sessions.purge': async () => ({ removed: await services.sessions.purgeExpired() }),
    // An engine outage fails the job, which retries with backoff: the backlog catches up on its own.
    'search.index': async ({ videoIds }) => {
      await services.search.engine.index(videoIds);
      return { indexed: videoIds.length };
    },
    'search.keywords': async () => ({ keywords: await services.search.refreshTitleKeywords() }),
    'media.ingest': (payload, ctx) => services.ingest(payload, ctx),
    'media.free': (payload) => services.mediaFree(payload),
    'media.restore': (payload, ctx) => services.restorationRerun(payload, ctx),
    // Queued only in S3 mode, where downloads are made by workers (ADR 0023).
    'media.download': (payload, ctx) => {
      const { downloads } = services;
      if (downloads.kind !== 's3') throw new Error('media.download runs in S3 mode only');
      return downloads.make(payload, ctx);
    },
    'uploads.cleanup': async () => ({ removed: await services.uploads.cleanUpExpired() }),
    'notifications.fanout': async ({ videoId }) => ({
      notified: await services.notifications.fanOutNewVideo(videoId),
    }),
    'notifications.digest': () => services.notifications.sendDigests(),
    'removals.deadlines': () => services.moderation.removals.escalate(),
  };
}
