import { MAX_CONCURRENT_UPLOADS } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { PreviewImages } from './preview-image';
import type { VideoUploadMeta } from './upload-rules';
import type { UploadSource } from './upload-source';
import type { UploadRow, UploadsRepository } from './uploads.repository';

/** Unfinished uploads are kept this long after their last byte, then cleaned up. */
export const UPLOAD_EXPIRY_SECONDS = 24 * 3600;

/** The uploads table: who uploads what, and where each upload is from first byte to video. */
export function createUploadService({
  repo,
  clock,
  jobs,
  source,
  previews,
}: {
  repo: UploadsRepository;
  clock: Clock;
  jobs: JobQueue;
  /** Where tus keeps the bytes: the uploads directory, or the bucket (S3 mode). */
  source: Pick<UploadSource, 'remove'>;
  previews: PreviewImages;
}) {
  return {
    /** A new upload for this member; refuses a fourth one in progress. */
    async begin(memberId: number, id: string, size: number, meta: VideoUploadMeta): Promise<void> {
      const now = clock.now();
      if (meta.preview && !(await previews.find(memberId, meta.preview)))
        throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
      const begun = await repo.insertIfRoom({
        id,
        memberId,
        filename: meta.filename,
        size,
        meta,
        now,
        expiresAt: now + UPLOAD_EXPIRY_SECONDS,
        max: MAX_CONCURRENT_UPLOADS,
      });
      if (!begun)
        throw new AppError('too_many_uploads', {
          status: 429,
          info: { max: MAX_CONCURRENT_UPLOADS },
          message: `At most ${MAX_CONCURRENT_UPLOADS} uploads at a time: finish or cancel one first`,
        });
    },

    get(id: string): Promise<UploadRow | null> {
      return repo.byId(id);
    },

    /** Bytes arrived: the upload stays alive for another expiry period. */
    touch(id: string, offset: number): Promise<void> {
      const now = clock.now();
      return repo.touch(id, offset, now, now + UPLOAD_EXPIRY_SECONDS);
    },

    /**
     * The last byte arrived: processing is queued (the ingest job checks duplicates, probes and transcodes).
     * The content hash comes along when it was computed as the bytes streamed; the job hashes the file
     * itself otherwise.
     */
    async complete(id: string, contentHash: string | null = null): Promise<void> {
      if (await repo.markComplete(id, contentHash, clock.now()))
        await jobs.enqueue('media.ingest', { uploadId: id }, { uniqueKey: `ingest:${id}`, priority: 10 });
    },

    cancel(id: string): Promise<void> {
      return repo.markExpired(id, clock.now());
    },

    /** The member's uploads, newest first, with their state for the uploads page. */
    mine(memberId: number) {
      return repo.mine(memberId);
    },

    /**
     * Deletes the bytes of unfinished uploads past their expiry (and tus's bookkeeping: the info file, or in
     * S3 mode the open multipart upload and its objects), and preview
     * images no upload in flight needs any more.
     */
    async cleanUpExpired(): Promise<number> {
      const ids = await repo.expiredIds(clock.now());
      for (const id of ids) {
        await source.remove(id);
        await repo.markExpired(id, clock.now());
      }
      const inUse = new Set(
        (await repo.inFlightMeta())
          .map((meta) => meta?.preview)
          .filter((token): token is string => Boolean(token)),
      );
      await previews.removeStale(UPLOAD_EXPIRY_SECONDS * 1000, inUse, clock.now() * 1000);
      return ids.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
