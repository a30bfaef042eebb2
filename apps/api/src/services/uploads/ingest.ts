import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
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
import type Database from 'better-sqlite3';
import { slugOf } from '../../lib/slug';
import type { MediaStore } from '../../media-store/media-store';
import { publishDirToStore, removeScratch } from '../../media-store/publish-to-store';
import type { JobContext } from '../jobs/worker';
import type { Blocklists, DigestKind, FileDigests } from '../screening/blocklists.service';
import type { Clock } from '../shared/clock';
import type { ProvenanceService } from '../videos/provenance.service';
import { writeImageVariants } from './image-variants';
import type { PreviewImages } from './preview-image';
import type { UploadRow } from './upload.service';
import type { VideoUploadMeta } from './upload-rules';

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
  sqlite: Database.Database;
  clock: Clock;
  uploadsDir: string;
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
  screening?: Pick<Blocklists, 'wantedDigests' | 'screenDigests' | 'afterProcess'>;
  /** S3 mode (ADR 0042): MEDIA_DIR is scratch; the processed directory is published to the store, then removed. */
  store?: MediaStore;
}) {
  const { sqlite, clock } = opts;
  const fail = (id: string, code: IngestFailure) => {
    sqlite
      .prepare("UPDATE uploads SET status = 'failed', error = ?, updated_at = ? WHERE id = ?")
      .run(code, clock.now(), id);
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

  const ingest = async ({ uploadId }: { uploadId: string }, ctx: JobContext) => {
    const upload = sqlite.prepare('SELECT * FROM uploads WHERE id = ?').get(uploadId) as
      | (UploadRow & { content_hash: string | null })
      | undefined;
    if (!upload || upload.status === 'done' || upload.status === 'failed' || upload.status === 'expired')
      return { skipped: true };
    const meta = JSON.parse(upload.meta ?? '{}') as VideoUploadMeta;
    const file = join(opts.uploadsDir, uploadId);
    try {
      statSync(file);
    } catch {
      return fail(uploadId, 'missing_file');
    }
    sqlite
      .prepare("UPDATE uploads SET status = 'processing', updated_at = ? WHERE id = ?")
      .run(clock.now(), uploadId);

    // SHA-256 came with the upload stream; a blocklist's MD5 or SHA-1 takes one more read of the file.
    const wanted = opts.screening?.wantedDigests() ?? [];
    const digests: FileDigests =
      upload.content_hash && wanted.length === 0
        ? { sha256: upload.content_hash }
        : {
            ...(await digestsOf(file, ctx, upload.content_hash ? wanted : ['sha256', ...wanted])),
            ...(upload.content_hash ? { sha256: upload.content_hash } : {}),
          };
    const hash = digests.sha256!;
    const duplicate =
      sqlite
        .prepare('SELECT 1 FROM videos WHERE content_hash = ? AND id IS NOT ? AND status_id NOT IN (4, 5, 6)')
        .get(hash, upload.video_id) ||
      sqlite
        .prepare(
          "SELECT 1 FROM uploads WHERE content_hash = ? AND id != ? AND status IN ('processing', 'done')",
        )
        .get(hash, uploadId);
    if (duplicate) return fail(uploadId, 'duplicate_video');
    sqlite.prepare('UPDATE uploads SET content_hash = ? WHERE id = ?').run(hash, uploadId);

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
      const now = clock.now();
      videoId = Number(
        sqlite
          .prepare(
            `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, content_hash, duration_sec)
             VALUES (?, ?, ?, 3, 'straight', ?, ?, ?, ?, ?)`,
          )
          .run(
            slugOf(meta.title, 'video'),
            meta.title,
            meta.description,
            now,
            now,
            upload.member_id,
            hash,
            Math.round(durationSec),
          ).lastInsertRowid,
      );
      sqlite.prepare('UPDATE uploads SET video_id = ? WHERE id = ?').run(videoId, uploadId);
      opts.provenance?.fromUpload(videoId, meta.provenance, upload.member_id);
      for (const dir of meta.categories ?? [])
        sqlite
          .prepare(
            'INSERT OR IGNORE INTO video_categories (video_id, category_id) SELECT ?, id FROM categories WHERE dir = ?',
          )
          .run(videoId, dir);
      for (const dir of meta.models ?? [])
        sqlite
          .prepare(
            'INSERT OR IGNORE INTO video_models (video_id, model_id) SELECT ?, id FROM models WHERE dir = ?',
          )
          .run(videoId, dir);
    }

    // A listed file is quarantined (status 8) before anyone sees it; it is still processed, for a release.
    opts.screening?.screenDigests(videoId, digests);
    const mediaPath = `uploads/${videoId}`;
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
      if (failure) {
        sqlite.prepare('UPDATE videos SET status_id = 6 WHERE id = ? AND status_id != 8').run(videoId);
        return fail(uploadId, failure);
      }
      throw err;
    }
    // The uploader's own preview image replaces the frame the pipeline picked.
    const preview = meta.preview ? opts.previews.find(upload.member_id, meta.preview) : null;
    if (preview) await opts.previews.apply(preview, join(opts.mediaDir, mediaPath), manifest);
    await writeImageVariants(join(opts.mediaDir, mediaPath));
    // What the player will show (the ladder's own length), and HD only when a 720p+ rendition exists.
    const duration =
      (await streamSeconds(join(opts.mediaDir, mediaPath))) ?? Math.floor(manifest.durationSec);
    const quarantined =
      (await opts.screening?.afterProcess(videoId, mediaPath, manifest.fingerprint)) ?? false;
    // Visible in the store in one step before the video becomes pending (nothing half-written is served).
    if (opts.store) await publishDirToStore(opts.store, opts.mediaDir, mediaPath);
    sqlite
      .prepare(
        `UPDATE videos SET media_path = ?, duration_sec = ?, duration_bucket = ?, width = ?, height = ?, is_hd = ?,
           timeline_count = ?, timeline_interval = ?, status_id = ? WHERE id = ? AND status_id IN (3, 8)`,
      )
      .run(
        mediaPath,
        duration,
        duration < 600 ? 1 : duration <= 2400 ? 2 : 3,
        manifest.width,
        manifest.height,
        isHdLadder(manifest.renditions) ? 1 : 0,
        manifest.sprites.tileCount,
        manifest.sprites.interval,
        quarantined ? 8 : 2,
        videoId,
      );
    sqlite
      .prepare("UPDATE uploads SET status = 'done', updated_at = ? WHERE id = ?")
      .run(clock.now(), uploadId);
    // The video now waits, pending, for a moderator (spec: nothing uploaded is public before approval).
    return { videoId };
  };
  const store = opts.store;
  if (!store) return ingest;
  // In S3 mode the scratch copy goes whatever happens: success (already), a refused file or a crash.
  return async (job: { uploadId: string }, ctx: JobContext) => {
    try {
      return await ingest(job, ctx);
    } finally {
      const videoId = sqlite.prepare('SELECT video_id FROM uploads WHERE id = ?').pluck().get(job.uploadId);
      if (typeof videoId === 'number') await removeScratch(opts.mediaDir, `uploads/${videoId}`);
    }
  };
}
