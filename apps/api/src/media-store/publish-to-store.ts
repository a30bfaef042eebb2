import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TMP_SUFFIX } from '@vt/media';
import type { MediaStore } from './media-store';
import { SCRATCH_MARK } from './scratch';

/**
 * The worker-local copy of a video's media (and a run's `.tmp` beside it), gone whether the job worked or not;
 * its scratch mark (markScratchLadder) last.
 */
export async function removeScratch(mediaDir: string, mediaPath: string): Promise<void> {
  const local = join(mediaDir, ...mediaPath.split('/'));
  await rm(local, { recursive: true, force: true });
  await rm(`${local}${TMP_SUFFIX}`, { recursive: true, force: true });
  await rm(`${local}${SCRATCH_MARK}`, { force: true });
}

/**
 * S3 mode (ADR 0042): the worker's MEDIA_DIR is its scratch. The pipeline writes a video's directory there
 * as always; this uploads it under a fresh staging prefix, makes that the video's visible version in one
 * step, and removes the scratch copy.
 */
export async function publishDirToStore(
  store: MediaStore,
  mediaDir: string,
  mediaPath: string,
): Promise<void> {
  try {
    const staging = await store.stagingPrefix(mediaPath);
    await store.putTree(staging, join(mediaDir, ...mediaPath.split('/')));
    await store.publish(mediaPath, staging);
  } finally {
    await removeScratch(mediaDir, mediaPath);
  }
}
