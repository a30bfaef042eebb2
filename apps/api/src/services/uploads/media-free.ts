import type { MediaStore } from '../../media-store/media-store';
import type { UploadSource } from './upload-source';
import type { UploadsRepository } from './uploads.repository';

/**
 * The `media.free` job: a deleted video's own processed media and its uploads' originals leave the disk (or
 * the bucket, S3 mode: every version of the media and the pointer to the visible one).
 * Only a video that is still deleted loses its files, and re-runs find nothing left to remove.
 */
export function createMediaFree({
  repo,
  media,
  originals,
}: {
  repo: Pick<UploadsRepository, 'isDeleted' | 'forgetMediaPath'>;
  /** Where processed media lives: the media directory, or the bucket (S3 mode). */
  media: MediaStore;
  /** Where the uploads' originals are: the uploads directory, or the bucket (S3 mode). */
  originals: Pick<UploadSource, 'remove'>;
}) {
  return async ({
    videoId,
    mediaPath,
    uploadIds,
  }: {
    videoId: number;
    mediaPath: string | null;
    uploadIds: string[];
  }) => {
    if (!(await repo.isDeleted(videoId))) return { freed: 0 };
    let freed = 0;
    if (mediaPath && mediaPath === `uploads/${videoId}`) {
      await media.deletePrefix(mediaPath);
      await repo.forgetMediaPath(videoId, mediaPath);
      freed++;
    }
    for (const id of uploadIds)
      if (/^[a-f0-9]{32}$/.test(id)) {
        await originals.remove(id);
        freed++;
      }
    return { freed };
  };
}
