import type Database from 'better-sqlite3';
import { createAuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { SessionService } from '../auth/session.service';
import type { JobQueue } from '../jobs/job-queue';
import type { MediaUrls } from '../media/media-urls.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Fingerprints } from '../screening/fingerprints.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PreviewImages } from '../uploads/preview-image';
import type { PublishService } from '../videos/publish.service';
import { createAppeals } from './appeals.service';
import { createCaptions } from './captions.service';
import { createModerationDecisions } from './decisions.service';
import { createOwnVideos } from './own-videos.service';
import { createModerationQueue } from './queue.service';
import { createRemovals, type NearDuplicates } from './removals.service';
import { createReportsQueue } from './report-queue.service';
import { createRestorationReview } from './restoration.service';
import { createVideoRevisions } from './revisions.service';
import { createTakedowns } from './takedowns.service';
import { createTeam } from './team.service';
import { createTransparency } from './transparency.service';
import { createVersionGroups } from './versions.service';

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
  /** Refuses an approval (the provenance rule, ADR 0036). */
  beforeApprove?: (videoIds: number[]) => void;
  mailer: Pick<Mailer, 'queue'>;
  /** Fingerprint near-duplicates, taken down with a removed video (ADR 0037); none by default. */
  nearDuplicates?: NearDuplicates;
  /** Near-duplicate matches on queue items and the hold on full copies (ADR 0034). */
  fingerprints?: Fingerprints;
}) {
  const audit = createAuditLog(deps);
  const revisions = createVideoRevisions({ ...deps, audit });
  const restoration = createRestorationReview({ ...deps, audit });
  const removals = createRemovals({ ...deps, audit });
  return {
    audit,
    revisions,
    restoration,
    ownVideos: createOwnVideos({ ...deps, audit, revisions }),
    queue: createModerationQueue({ ...deps, restorationOf: restoration.view }),
    decisions: createModerationDecisions({ ...deps, audit, revisions }),
    reports: createReportsQueue({ ...deps, audit, removals }),
    takedowns: createTakedowns({ ...deps, audit, removals }),
    removals,
    appeals: createAppeals({ ...deps, audit, removals }),
    transparency: createTransparency(deps),
    team: createTeam({ ...deps, audit }),
    captions: createCaptions({ ...deps, audit }),
    versions: createVersionGroups({ ...deps, audit }),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
