import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isHdLadder,
  isMediaError,
  type MediaErrorCode,
  type MediaLimitsInput,
  type MediaSettingsInput,
  probe,
  processVideo,
  streamSeconds,
} from '@vt/media';
import { MIN_SECONDS } from '@vt/rules';
import { slugOf } from '../../lib/slug';
import type { MediaStore } from '../../media-store/media-store';
import { publishDirToStore, removeScratch } from '../../media-store/publish-to-store';
import { markScratchLadder } from '../../media-store/scratch';
import type { JobContext } from '../jobs/worker';
import type { Blocklists, DigestKind, FileDigests } from '../screening/blocklists.service';
import { fingerprintIn } from '../screening/fingerprints.service';
import type { Clock } from '../shared/clock';
import type { ProvenanceService } from '../videos/provenance.service';
import { writeImageVariants } from './image-variants';
import type { PreviewImages } from './preview-image';
import type { VideoUploadMeta } from './upload-rules';
import type { UploadSource } from './upload-source';
import type { LadderColumns, UploadRow, UploadsRepository } from './uploads.repository';

/**
 * Media errors the uploader is told about: the source is unreadable or out of bounds, or its processing ran
 * past the wall-clock limit or the memory ceiling. Any other is our own bug, and the job retries.
 */
const MEDIA_FAILURES = [
  'corrupted_file',
  'dimensions_out_of_bounds',
  'frame_rate_out_of_bounds',
  'duration_implausible',
  'too_many_streams',
  'processing_timeout',
  'processing_out_of_memory',
] as const satisfies readonly MediaErrorCode[];
type MediaFailure = (typeof MEDIA_FAILURES)[number];

/** Why an upload ends without a video: codes the uploads page and moderators show translated. */
export type IngestFailure = 'duplicate_video' | 'too_short' | 'missing_file' | MediaFailure;

/** What a processed ladder sets on its video: the player's length, its bucket, size, HD and the timeline. */
export function ladderColumns(
  duration: number,
  manifest: Awaited<ReturnType<typeof processVideo>>,
): LadderColumns {
  return {
    duration_sec: duration,
    duration_bucket: duration < 600 ? 1 : duration <= 2400 ? 2 : 3,
    width: manifest.width,
    height: manifest.height,
    is_hd: isHdLadder(manifest.renditions) ? 1 : 0,
    timeline_count: manifest.sprites.tileCount,
    timeline_interval: manifest.sprites.interval,
  };
}

function mediaFailure(err: unknown): MediaFailure | null {
  if (!isMediaError(err)) return null;
  return (MEDIA_FAILURES as readonly string[]).includes(err.code) ? (err.code as MediaFailure) : null;
}

/**
 * The `media.ingest` job: checks the content hash (taken as the bytes streamed in, or read here when the
 * stream could not give it) so duplicates are refused, probes the file (corrupt files and too-short
 * videos are refused), creates the pending video and runs the one-pass media pipeline into
 * `MEDIA_DIR/uploads/{video_id}`. Every step is idempotent: a re-run after a crash skips what is done, and
 * the pipeline itself reuses a finished output directory.
 */
export function createIngest(opts: {
  repo: UploadsRepository;
  clock: Clock;
  /** Where the finished upload is read from: the uploads directory, or the bucket (S3 mode). */
  source: UploadSource;
  mediaDir: string;
  previews: PreviewImages;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Wall-clock limit and memory ceiling of every ffprobe and ffmpeg run. */
  mediaLimits?: MediaLimitsInput;
  /** Segment container and AV1 set of new ladders (ADR 0038). */
  mediaSettings?: MediaSettingsInput;
  /** Writes the provenance record the upload carried (ADR 0036). */
  provenance?: Pick<ProvenanceService, 'fromUpload'>;
  /** Blocklists and fingerprints (ADR 0034): digests and the fingerprint checked, matches recorded. */
  screening?: Pick<Blocklists, 'wantedDigests' | 'screenDigests' | 'afterProcess' | 'isQuarantined'>;
  /** S3 mode (ADR 0042): MEDIA_DIR is scratch; the processed directory is published to the store, then removed. */
  store?: MediaStore;
}) {
  const { repo, clock } = opts;
  /**
   * The upload fails with a code; with `videoId`, its pending video fails too. Its bytes are orphaned then
   * (no video will be made or re-run from them): they go, from the uploads directory or the bucket (the tus
   * object, `.info` and `.part`). Only a quarantined video's stay, until the admins decide (ADR 0034).
   */
  const fail = async (id: string, code: IngestFailure, videoId?: number) => {
    await repo.markFailed(id, code, clock.now(), videoId);
    if (videoId === undefined || !(await opts.screening?.isQuarantined(videoId)))
      await opts.source.remove(id);
    return { failed: code };
  };

  /** SHA-256 and the other digests blocklists hold (ADR 0034), in one read of the file. */
  async function digestsOf(file: string, ctx: JobContext, kinds: DigestKind[]): Promise<FileDigests> {
    const size = statSync(file).size || 1;
    const hashes = kinds.map((k) => [k, createHash(k)] as const);
    let read = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      for (const [, h] of hashes) h.update(chunk as Buffer);
      read += (chunk as Buffer).length;
      ctx.progress(0.1 * (read / size), 'hashing');
    }
    return Object.fromEntries(hashes.map(([k, h]) => [k, h.digest('hex')]));
  }

  /** `seen.videoId`: the upload's video once known (its row may be gone by the end: a deletion meanwhile). */
  const ingest = async (
    { uploadId }: { uploadId: string },
    ctx: JobContext,
    seen: { videoId: number | null } = { videoId: null },
  ) => {
    const upload = await repo.byId(uploadId);
    if (!upload || upload.status === 'done' || upload.status === 'failed' || upload.status === 'expired')
      return { skipped: true };
    const meta: Partial<VideoUploadMeta> & Pick<VideoUploadMeta, 'title' | 'description'> = upload.meta ?? {
      title: '',
      description: '',
    };
    // The finished upload: the file tus wrote here, or (S3 mode) a scratch copy pulled from the bucket.
    const source = await opts.source.open(uploadId);
    if (!source) return fail(uploadId, 'missing_file');
    try {
      return await fromFile(upload, meta, source.file, ctx, seen);
    } finally {
      await source.release();
    }
  };

  const fromFile = async (
    upload: UploadRow,
    meta: Partial<VideoUploadMeta> & Pick<VideoUploadMeta, 'title' | 'description'>,
    file: string,
    ctx: JobContext,
    seen: { videoId: number | null },
  ) => {
    const uploadId = upload.id;
    await repo.markProcessing(uploadId, clock.now());

    // SHA-256 came with the upload stream; a blocklist's MD5 or SHA-1 takes one more read of the file.
    const wanted = (await opts.screening?.wantedDigests()) ?? [];
    const digests: FileDigests =
      upload.content_hash && wanted.length === 0
        ? { sha256: upload.content_hash }
        : {
            ...(await digestsOf(file, ctx, upload.content_hash ? wanted : ['sha256', ...wanted])),
            ...(upload.content_hash ? { sha256: upload.content_hash } : {}),
          };
    const hash = digests.sha256!;
    if (!(await repo.recordHashUnlessDuplicate(uploadId, hash, upload.video_id)))
      return fail(uploadId, 'duplicate_video');

    ctx.progress(0.1, 'probing');
    let durationSec: number;
    try {
      durationSec = (
        await probe(file, { ffprobePath: opts.ffprobePath, limits: opts.mediaLimits, signal: ctx.signal })
      ).durationSec;
    } catch (err) {
      if (isMediaError(err, 'probe_failed')) return fail(uploadId, 'corrupted_file');
      const failure = mediaFailure(err);
      if (failure) return fail(uploadId, failure);
      throw err;
    }
    const min = meta.exclusive ? MIN_SECONDS.exclusive : MIN_SECONDS.nonExclusive;
    if (durationSec <= min) return fail(uploadId, 'too_short');

    let videoId = upload.video_id;
    if (videoId === null) {
      // The video, its categories and models, and the upload's pointer to it: one transaction.
      videoId = await repo.createVideo({
        uploadId,
        uploaderId: upload.member_id,
        dir: slugOf(meta.title, 'video'),
        title: meta.title,
        description: meta.description,
        contentHash: hash,
        durationSec: Math.round(durationSec),
        categories: meta.categories ?? [],
        models: meta.models ?? [],
        now: clock.now(),
      });
      await opts.provenance?.fromUpload(videoId, meta.provenance, upload.member_id);
    }

    seen.videoId = videoId;
    // A listed file is quarantined (status 8) before anyone sees it; it is still processed, for a release.
    await opts.screening?.screenDigests(videoId, digests);
    const mediaPath = `uploads/${videoId}`;
    // S3 mode: the directory is this worker's scratch (a killed run's is removed at the next start).
    if (opts.store) await markScratchLadder(opts.mediaDir, mediaPath);
    let manifest: Awaited<ReturnType<typeof processVideo>>;
    try {
      manifest = await processVideo(file, join(opts.mediaDir, mediaPath), {
        ffmpegPath: opts.ffmpegPath,
        ffprobePath: opts.ffprobePath,
        limits: opts.mediaLimits,
        settings: opts.mediaSettings,
        signal: ctx.signal,
        onProgress: (p) => ctx.progress(0.12 + 0.88 * (p.percent / 100), 'transcoding'),
      });
    } catch (err) {
      const failure = mediaFailure(err);
      if (failure) return fail(uploadId, failure, videoId);
      throw err;
    }
    // The uploader's own preview image replaces the frame the pipeline picked.
    // (Stored in the uploads directory, or the bucket's private prefix in S3 mode: pulled to scratch for sharp.)
    const preview = meta.preview ? await opts.previews.find(upload.member_id, meta.preview) : null;
    if (preview) await opts.previews.applyStored(preview, join(opts.mediaDir, mediaPath), manifest);
    await writeImageVariants(join(opts.mediaDir, mediaPath));
    // What the player will show (the ladder's own length), and HD only when a 720p+ rendition exists.
    const duration =
      (await streamSeconds(join(opts.mediaDir, mediaPath))) ?? Math.floor(manifest.durationSec);
    // Its own fingerprint from the directory just written (in S3 mode it is in no bucket yet).
    const quarantined =
      (opts.screening &&
        (await opts.screening.afterProcess(
          videoId,
          mediaPath,
          manifest.fingerprint,
          await fingerprintIn(join(opts.mediaDir, mediaPath)),
        ))) ??
      false;
    // Visible in the store in one step before the video becomes pending (nothing half-written is served).
    if (opts.store) await publishDirToStore(opts.store, opts.mediaDir, mediaPath);
    // The video's media and status, and the upload done: one transaction.
    await repo.finishIngest({
      uploadId,
      videoId,
      mediaPath,
      ladder: ladderColumns(duration, manifest),
      statusId: quarantined ? 8 : 2,
      now: clock.now(),
    });
    // Deleted while it was processed: its media.free ran with no media path, so nothing else would remove the
    // ladder just made (from the bucket, or MEDIA_DIR). Its original went with that job.
    if (await repo.isDeleted(videoId)) {
      if (opts.store) await opts.store.deletePrefix(mediaPath);
      else await rm(join(opts.mediaDir, mediaPath), { recursive: true, force: true });
      return { videoId, deleted: true };
    }
    // The video now waits, pending, for a moderator (spec: nothing uploaded is public before approval).
    return { videoId };
  };
  const store = opts.store;
  if (!store) return ingest;
  // In S3 mode the scratch copy goes whatever happens: success (already), a refused file or a crash.
  return async (job: { uploadId: string }, ctx: JobContext) => {
    const seen: { videoId: number | null } = { videoId: null };
    try {
      return await ingest(job, ctx, seen);
    } finally {
      const videoId = seen.videoId ?? (await repo.videoIdOf(job.uploadId));
      if (videoId !== null) await removeScratch(opts.mediaDir, `uploads/${videoId}`);
    }
  };
}
