import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  MEDIA_FILES,
  type MediaLimitsInput,
  type MediaSettingsInput,
  processVideo,
  type RestorationOverrides,
  streamSeconds,
} from '@vt/media';
import { joinKey, type MediaStore } from '../../media-store/media-store';
import { removeScratch } from '../../media-store/publish-to-store';
import type { JobContext } from '../jobs/worker';
import { writeImageVariants } from './image-variants';
import { ladderColumns } from './ingest';
import type { PreviewImages } from './preview-image';
import type { UploadSource } from './upload-source';
import type { UploadsRepository } from './uploads.repository';

/** The kept original of a video's upload, when its bytes are still kept (ADR 0039): on disk, or in the bucket. */
export async function keptSourceOf(
  repo: Pick<UploadsRepository, 'latestOfVideo'>,
  source: Pick<UploadSource, 'exists'>,
  videoId: number,
) {
  const upload = await repo.latestOfVideo(videoId);
  if (!upload || !/^[a-f0-9]{32}$/.test(upload.id) || !(await source.exists(upload.id))) return null;
  return { uploadId: upload.id, meta: upload.meta, memberId: upload.memberId };
}

/**
 * The `media.restore` job (ADR 0039): re-processes a pending video from its kept original with a
 * moderator's restoration overrides, into a sibling directory, then swaps it for the live ladder. The
 * swap is two renames inside the transaction that updates the still-pending video's row: a decision taken
 * before it wins, and the new ladder is dropped.
 *
 * S3 mode (issue 22): the kept original is pulled from the bucket into the worker's scratch (MEDIA_DIR), the
 * new ladder is written there and uploaded under a staging prefix; the transaction checks the video is still
 * pending and updates its row, and the staging prefix is published right after it (or dropped). The scratch
 * copies go whether the job succeeds or fails.
 */
export function createRestorationRerun(opts: {
  repo: UploadsRepository;
  /** The kept originals: the uploads directory, or the bucket (S3 mode). */
  source: UploadSource;
  mediaDir: string;
  previews: PreviewImages;
  /** S3 mode: the store the new ladder is published to; MEDIA_DIR is only the worker's scratch. */
  store?: MediaStore;
  ffmpegPath?: string;
  ffprobePath?: string;
  mediaLimits?: MediaLimitsInput;
  /** Segment type and optional AV1 set, as the ingest uses (ADR 0038). */
  mediaSettings?: MediaSettingsInput;
}) {
  const { repo, store } = opts;

  return async (
    { videoId, overrides }: { videoId: number; overrides: RestorationOverrides },
    ctx: JobContext,
  ) => {
    const mediaPath = `uploads/${videoId}`;
    const live = join(opts.mediaDir, mediaPath);
    const old = `${live}.old`;
    const next = `${live}.rerun`;
    // A crash between the two renames left the previous ladder aside: put it back first (local mode).
    if (!store && !existsSync(live) && existsSync(old)) renameSync(old, live);
    rmSync(next, { recursive: true, force: true });
    if ((await repo.pendingMediaPath(videoId)) !== mediaPath) return { skipped: 'not_pending' };
    const kept = await keptSourceOf(repo, opts.source, videoId);
    const source = kept && (await opts.source.open(kept.uploadId));
    if (!kept || !source) return { skipped: 'source_gone' };
    try {
      ctx.progress(0.02, 'restoring');
      const manifest = await processVideo(source.file, next, {
        ffmpegPath: opts.ffmpegPath,
        ffprobePath: opts.ffprobePath,
        limits: opts.mediaLimits,
        settings: opts.mediaSettings,
        signal: ctx.signal,
        restore: overrides,
        onProgress: (p) => ctx.progress(0.05 + 0.9 * (p.percent / 100), 'restoring'),
      });
      // The uploader's own preview image stays theirs: the live one, re-fitted to the new shape.
      if (kept.meta?.preview) {
        const copy = join(next, 'uploader-preview.jpg');
        let copied = false;
        if (store) {
          const current = await store.current(mediaPath);
          copied = current !== null && (await store.getToFile(joinKey(current, MEDIA_FILES.scr), copy));
        } else if (existsSync(join(live, MEDIA_FILES.scr))) {
          copyFileSync(join(live, MEDIA_FILES.scr), copy);
          copied = true;
        }
        if (copied) await opts.previews.apply(copy, next, manifest);
      }
      await writeImageVariants(next);
      const duration = (await streamSeconds(next)) ?? Math.floor(manifest.durationSec);
      const ladder = ladderColumns(duration, manifest);
      const applied = store
        ? await swapInStore(store, mediaPath, next, () =>
            repo.applyRestoredLadder(videoId, mediaPath, ladder, () => {}),
          )
        : await swapOnDisk(live, next, old, (swap) =>
            repo.applyRestoredLadder(videoId, mediaPath, ladder, swap),
          );
      if (!applied) return { skipped: 'decided_meanwhile' };
      ctx.progress(1, 'restoring');
      return { videoId, restoration: manifest.restoration ?? null };
    } finally {
      await source.release();
      if (store) await removeScratch(opts.mediaDir, `${mediaPath}.rerun`);
    }
  };
}

/** Local mode: the row update, the status check and the two renames in one transaction. */
async function swapOnDisk(
  live: string,
  next: string,
  old: string,
  apply: (swap: () => void) => Promise<boolean>,
): Promise<boolean> {
  let swapped = false;
  let applied: boolean;
  try {
    applied = await apply(() => {
      renameSync(live, old);
      renameSync(next, live);
      swapped = true;
    });
  } catch (err) {
    // The row stayed as it was (rolled back): so does the live ladder.
    if (swapped) {
      renameSync(live, next);
      renameSync(old, live);
    }
    throw err;
  }
  if (!applied) {
    rmSync(next, { recursive: true, force: true });
    return false;
  }
  rmSync(old, { recursive: true, force: true });
  return true;
}

/**
 * S3 mode: the new ladder is uploaded under a staging prefix (invisible) first; the transaction checks the
 * video is still pending and updates its row; then the staging prefix becomes the visible version. A
 * decision taken before the transaction wins, and the staged ladder is dropped.
 */
async function swapInStore(
  store: MediaStore,
  mediaPath: string,
  next: string,
  apply: () => Promise<boolean>,
): Promise<boolean> {
  const staging = await store.stagingPrefix(mediaPath);
  await store.putTree(staging, next);
  if (!(await apply())) {
    await store.deletePrefix(staging);
    return false;
  }
  await store.publish(mediaPath, staging);
  return true;
}
