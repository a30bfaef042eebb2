import type Database from 'better-sqlite3';
import type { JobQueue } from '../jobs/job-queue';
import type { SessionService } from '../services/auth/session.service';
import type { Clock } from '../services/clock';
import type { MediaUrls } from '../services/media-urls.service';
import type { Notifications } from '../services/notifications.service';
import type { PublicCaches } from '../services/public-caches';
import type { PublishService } from '../services/publish.service';
import type { PreviewImages } from '../uploads/preview-image';
import { createAuditLog } from './audit.service';
import { createCaptions } from './captions.service';
import { createModerationDecisions } from './decisions.service';
import type { Fingerprints } from './fingerprints.service';
import { createOwnVideos } from './own-videos.service';
import { createModerationQueue } from './queue.service';
import { createReportsQueue } from './reports.service';
import { createVideoRevisions } from './revisions.service';
import { createTakedowns } from './takedowns.service';
import { createTeam } from './team.service';

/** The moderation services: every action through them is audited. */
export function createModeration(deps: {
  sqlite: Database.Database;
  clock: Clock;
  urls: MediaUrls;
  publish: PublishService;
  caches: PublicCaches;
  notifications: Notifications;
  sessions: SessionService;
  origin: string;
  previews: PreviewImages;
  uploadsDir: string;
  mediaDir: string;
  jobs: JobQueue;
  /** Near-duplicate matches on queue items and the hold on full copies (ADR 0034). */
  fingerprints?: Fingerprints;
}) {
  const audit = createAuditLog(deps);
  const revisions = createVideoRevisions({ ...deps, audit });
  return {
    audit,
    revisions,
    ownVideos: createOwnVideos({ ...deps, audit, revisions }),
    queue: createModerationQueue(deps),
    decisions: createModerationDecisions({ ...deps, audit, revisions }),
    reports: createReportsQueue({ ...deps, audit }),
    takedowns: createTakedowns({ ...deps, audit }),
    team: createTeam({ ...deps, audit }),
    captions: createCaptions({ ...deps, audit }),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
