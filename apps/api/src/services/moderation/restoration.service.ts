import {
  type FieldMode,
  MEDIA_FILES,
  type MediaManifest,
  parseManifest,
  type RestorationOverrides,
  type RestorationPlan,
} from '@vt/media';
import { AppError, notFound } from '../../lib/app-error';
import type { VideoFileLocation, VideoFiles } from '../../media-store/video-files';
import type { AuditLog } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import { keptSourceOf } from '../uploads/restoration-rerun';
import type { UploadSource } from '../uploads/upload-source';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { RestorationRepository } from './restoration.repository';

/** The moderator's form: one choice per decision ('off' for fields keeps the frames as they are). */
export const FIELD_CHOICES = ['auto', 'off', 'deinterlace', 'inverse_telecine'] as const;
export const SWITCH_CHOICES = ['auto', 'off'] as const;
export interface RestorationChoice {
  fields: (typeof FIELD_CHOICES)[number];
  crop: (typeof SWITCH_CHOICES)[number];
  loudness: (typeof SWITCH_CHOICES)[number];
}

export interface RestorationView {
  plan: RestorationPlan;
  /** The ladder's display size and frame rate after restoration. */
  output: { width: number; height: number; fps: number | null };
  choice: RestorationChoice;
  /** Moderator-only URLs of the source frame and the restored one at the same moment. */
  stills: { before: string; after: string } | null;
  /** Whether the original is still kept, so a re-run is possible. */
  sourceKept: boolean;
  /** The latest re-run, while it waits or runs, or when it failed. */
  rerun: { state: 'queued' | 'running' | 'failed'; progress: number; error: string | null } | null;
}

const toOverrides = (c: RestorationChoice): RestorationOverrides => ({
  fields: c.fields === 'off' ? ('progressive' satisfies FieldMode) : c.fields,
  crop: c.crop,
  loudness: c.loudness,
});

function toChoice(o: RestorationOverrides | undefined): RestorationChoice {
  const fields = o?.fields === 'progressive' ? 'off' : (o?.fields ?? 'auto');
  return { fields, crop: o?.crop ?? 'auto', loudness: o?.loudness ?? 'auto' };
}

export const rerunKey = (videoId: number) => `restore:${videoId}`;

/**
 * The restoration decisions of a pending video as moderators see and override them (ADR 0039): read from
 * its manifest, with the before/after stills, and a re-run from the kept original with their choice.
 */
export function createRestorationReview({
  repo,
  uploads,
  videoFiles,
  originals,
  jobs,
  audit,
}: {
  repo: RestorationRepository;
  /** Where a video's kept original is found. */
  uploads: Pick<UploadsRepository, 'latestOfVideo'>;
  /** A video's processed files: below MEDIA_DIR, or its visible version in the bucket (S3 mode). */
  videoFiles: VideoFiles;
  /** The kept originals' bytes: the uploads directory, or the bucket (S3 mode). */
  originals: Pick<UploadSource, 'exists'>;
  jobs: JobQueue;
  audit: AuditLog;
}) {
  // The queue is polled every few seconds: a manifest is read and parsed again only when it changed (its
  // mtime on disk; in the bucket, the visible version).
  const cache = new Map<string, { version: string; manifest: MediaManifest | null }>();
  async function manifestOf(mediaPath: string): Promise<MediaManifest | null> {
    const version = await videoFiles.version(mediaPath, MEDIA_FILES.manifest);
    if (version === null) return null;
    const hit = cache.get(mediaPath);
    if (hit && hit.version === version) return hit.manifest;
    const bytes = await videoFiles.read(mediaPath, MEDIA_FILES.manifest);
    const manifest = bytes ? parseManifest(bytes.toString('utf8')) : null;
    if (cache.size > 1000) cache.clear();
    cache.set(mediaPath, { version, manifest });
    return manifest;
  }

  const sourceKept = async (videoId: number) => (await keptSourceOf(uploads, originals, videoId)) !== null;

  async function rerunOf(videoId: number): Promise<RestorationView['rerun']> {
    const j = await repo.latestJob(rerunKey(videoId));
    if (!j || j.status === 'done') return null;
    return { state: j.status, progress: j.progress, error: j.status === 'failed' ? j.error : null };
  }

  return {
    /** What the restoration of this processed video decided, or null (not run: a demo clip, an old upload). */
    async view(videoId: number, mediaPath: string | null): Promise<RestorationView | null> {
      if (!mediaPath || mediaPath !== `uploads/${videoId}`) return null;
      const m = await manifestOf(mediaPath);
      if (!m?.restoration) return null;
      const stills = m.restoration.basis
        ? {
            before: `/api/moderation/restoration-still/${videoId}/before.jpg?v=${m.durationSec}-${m.width}x${m.height}`,
            after: `/api/moderation/restoration-still/${videoId}/after.jpg?v=${m.durationSec}-${m.width}x${m.height}`,
          }
        : null;
      return {
        plan: m.restoration,
        output: { width: m.width, height: m.height, fps: m.fps ?? null },
        choice: toChoice(m.restoration.basis?.overrides),
        stills,
        sourceKept: await sourceKept(videoId),
        rerun: await rerunOf(videoId),
      };
    },

    /**
     * A pending video's before or after still, for the moderators' route only: the local file, or (S3 mode)
     * a presigned URL of the object.
     */
    async stillOf(videoId: number, which: 'before' | 'after'): Promise<VideoFileLocation | null> {
      const v = await repo.video(videoId);
      if (!v?.media_path || v.media_path !== `uploads/${videoId}`) return null;
      return videoFiles.locate(v.media_path, `restoration-${which}.jpg`);
    },

    /**
     * Saves a moderator's choice and queues the re-run. Refused when the video is not pending and
     * processed, when a re-run is already under way, or when its original is no longer kept.
     */
    async rerun(actorId: number, videoId: number, choice: RestorationChoice): Promise<{ queued: true }> {
      const v = await repo.video(videoId);
      if (!v) throw notFound('video_not_found');
      if (v.status_id !== 2 || v.media_path !== `uploads/${videoId}`)
        throw new AppError('restoration_not_pending', { status: 409 });
      const current = await rerunOf(videoId);
      if (current && current.state !== 'failed') throw new AppError('restoration_busy', { status: 409 });
      if (!(await sourceKept(videoId))) throw new AppError('restoration_source_gone', { status: 409 });
      const before = toChoice((await manifestOf(v.media_path))?.restoration?.basis?.overrides);
      // Queued, then audited: two writes through two repositories, not one transaction (ADR 0041); a queued
      // re-run is recorded the moment it is queued.
      const queued = await jobs.enqueue(
        'media.restore',
        { videoId, overrides: toOverrides(choice) },
        { uniqueKey: rerunKey(videoId), priority: 5, maxAttempts: 2 },
      );
      // Another moderator's re-run got in first.
      if (queued === null) throw new AppError('restoration_busy', { status: 409 });
      await audit.record({
        actorId,
        action: 'video.restore',
        targetType: 'video',
        targetId: videoId,
        before,
        after: choice,
      });
      return { queued: true };
    },
  };
}

export type RestorationReview = ReturnType<typeof createRestorationReview>;
