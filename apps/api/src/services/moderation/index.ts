import type { DataLayer } from '@vt/db';
import type { MediaStore } from '../../media-store/media-store';
import type { VideoFiles } from '../../media-store/video-files';
import type { AuditLog } from '../audit/audit.service';
import type { Mailer } from '../auth/mailer';
import type { SessionService } from '../auth/session.service';
import type { JobQueue } from '../jobs/job-queue';
import type { MediaUrls } from '../media/media-urls.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Fingerprints } from '../screening/fingerprints.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PreviewImages } from '../uploads/preview-image';
import type { UploadSource } from '../uploads/upload-source';
import { createUploadsRepository } from '../uploads/uploads.repository';
import type { PublishService } from '../videos/publish.service';
import { createAppealsRepository } from './appeals.repository';
import { createAppeals } from './appeals.service';
import { createCaptionsRepository } from './captions.repository';
import { createCaptions } from './captions.service';
import { createModerationDecisions } from './decisions.service';
import { createOwnVideosRepository } from './own-videos.repository';
import { createOwnVideos } from './own-videos.service';
import { createQueueRepository } from './queue.repository';
import { createModerationQueue } from './queue.service';
import { createRemovalsRepository } from './removals.repository';
import { createRemovals, type NearDuplicates } from './removals.service';
import { createReportsQueue } from './report-queue.service';
import { createReportsRepository } from './reports.repository';
import { createRestorationRepository } from './restoration.repository';
import { createRestorationReview } from './restoration.service';
import { createRevisionsRepository } from './revisions.repository';
import { createVideoRevisions } from './revisions.service';
import { createTakedownsRepository } from './takedowns.repository';
import { createTakedowns } from './takedowns.service';
import { createTeamRepository } from './team.repository';
import { createTeam } from './team.service';
import { createTransparencyRepository } from './transparency.repository';
import { createTransparency } from './transparency.service';
import { createVersionsRepository } from './versions.repository';
import { createVersionGroups } from './versions.service';

/** The moderation services: every action through them is audited. */
export function createModeration(deps: {
  /** The audit log (on the data layer), shared with the other audited services. */
  audit: AuditLog;
  clock: Clock;
  urls: MediaUrls;
  publish: PublishService;
  caches: PublicCaches;
  notifications: Notifications;
  sessions: SessionService;
  origin: string;
  previews: PreviewImages;
  /** A video's processed files (manifest, stills): below MEDIA_DIR, or in the bucket (S3 mode). */
  videoFiles: VideoFiles;
  /** The media store: the media directory, or the bucket (S3 mode, issue 22). */
  media: MediaStore;
  /** The kept originals (tus uploads): the uploads directory, or the bucket (S3 mode). */
  originals: Pick<UploadSource, 'exists'>;
  jobs: JobQueue;
  /** Refuses an approval (the provenance rule, ADR 0036). */
  beforeApprove?: (videoIds: number[]) => void | Promise<void>;
  mailer: Pick<Mailer, 'queue'>;
  /** Fingerprint near-duplicates, taken down with a removed video (ADR 0037); none by default. */
  nearDuplicates?: NearDuplicates;
  /** Near-duplicate matches on queue items and the hold on full copies (ADR 0034). */
  fingerprints?: Fingerprints;
  /** The data layer (ADR 0041) of the aggregates already on it. */
  data: Pick<DataLayer, 'db' | 'dialect'>;
}) {
  const { audit } = deps;
  const revisions = createVideoRevisions({ ...deps, repo: createRevisionsRepository(deps.data) });
  const restoration = createRestorationReview({
    ...deps,
    repo: createRestorationRepository(deps.data),
    uploads: createUploadsRepository(deps.data),
    audit,
  });
  const removals = createRemovals({ ...deps, repo: createRemovalsRepository(deps.data) });
  const queueRepo = createQueueRepository(deps.data);
  return {
    audit,
    revisions,
    restoration,
    ownVideos: createOwnVideos({ ...deps, repo: createOwnVideosRepository(deps.data), audit, revisions }),
    queue: createModerationQueue({ ...deps, queue: queueRepo, restorationOf: restoration.view }),
    decisions: createModerationDecisions({ ...deps, queue: queueRepo, revisions }),
    reports: createReportsQueue({ ...deps, repo: createReportsRepository(deps.data), audit, removals }),
    takedowns: createTakedowns({ ...deps, repo: createTakedownsRepository(deps.data), removals }),
    removals,
    appeals: createAppeals({ ...deps, repo: createAppealsRepository(deps.data), audit, removals }),
    transparency: createTransparency({ repo: createTransparencyRepository(deps.data) }),
    team: createTeam({ repo: createTeamRepository(deps.data), clock: deps.clock }),
    captions: createCaptions({ ...deps, repo: createCaptionsRepository(deps.data) }),
    versions: createVersionGroups({ ...deps, repo: createVersionsRepository(deps.data) }),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
