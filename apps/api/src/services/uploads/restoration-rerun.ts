import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  isHdLadder,
  MEDIA_FILES,
  type MediaLimitsInput,
  type MediaSettingsInput,
  processVideo,
  type RestorationOverrides,
  streamSeconds,
} from '@vt/media';
import type Database from 'better-sqlite3';
import type { JobContext } from '../jobs/worker';
import { writeImageVariants } from './image-variants';
import type { PreviewImages } from './preview-image';

/** The kept original of a video's upload, when it is still on disk (ADR 0039). */
export function keptSourceOf(
  sqlite: Database.Database,
  uploadsDir: string,
  videoId: number,
): { file: string; uploadId: string; meta: string | null; memberId: number } | null {
  const row = sqlite
    .prepare('SELECT id, meta, member_id FROM uploads WHERE video_id = ? ORDER BY created_at DESC LIMIT 1')
    .get(videoId) as { id: string; meta: string | null; member_id: number } | undefined;
  if (!row || !/^[a-f0-9]{32}$/.test(row.id)) return null;
  const file = join(uploadsDir, row.id);
  return existsSync(file) ? { file, uploadId: row.id, meta: row.meta, memberId: row.member_id } : null;
}

/**
 * The `media.restore` job (ADR 0039): re-processes a pending video from its kept original with a
 * moderator's restoration overrides, into a sibling directory, then swaps it for the live ladder. The
 * swap is two renames in one synchronous step, done only while the video is still pending: a decision
 * taken meanwhile wins, and the new ladder is dropped.
 */
export function createRestorationRerun(opts: {
  sqlite: Database.Database;
  uploadsDir: string;
  mediaDir: string;
  previews: PreviewImages;
  ffmpegPath?: string;
  ffprobePath?: string;
  mediaLimits?: MediaLimitsInput;
  /** Segment type and optional AV1 set, as the ingest uses (ADR 0038). */
  mediaSettings?: MediaSettingsInput;
}) {
  const { sqlite } = opts;
  const pending = sqlite.prepare('SELECT media_path FROM videos WHERE id = ? AND status_id = 2').pluck();

  return async (
    { videoId, overrides }: { videoId: number; overrides: RestorationOverrides },
    ctx: JobContext,
  ) => {
    const mediaPath = `uploads/${videoId}`;
    const live = join(opts.mediaDir, mediaPath);
    const old = `${live}.old`;
    const next = `${live}.rerun`;
    // A crash between the two renames left the previous ladder aside: put it back first.
    if (!existsSync(live) && existsSync(old)) renameSync(old, live);
    rmSync(next, { recursive: true, force: true });
    if (pending.get(videoId) !== mediaPath) return { skipped: 'not_pending' };
    const source = keptSourceOf(sqlite, opts.uploadsDir, videoId);
    if (!source) return { skipped: 'source_gone' };

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
    const meta = JSON.parse(source.meta ?? '{}') as { preview?: string };
    if (meta.preview && existsSync(join(live, MEDIA_FILES.scr))) {
      const copy = join(next, 'uploader-preview.jpg');
      copyFileSync(join(live, MEDIA_FILES.scr), copy);
      await opts.previews.apply(copy, next, manifest);
    }
    await writeImageVariants(next);
    const duration = (await streamSeconds(next)) ?? Math.floor(manifest.durationSec);

    // No await from here: the status check, the swap and the row update happen in one step.
    if (pending.get(videoId) !== mediaPath) {
      rmSync(next, { recursive: true, force: true });
      return { skipped: 'decided_meanwhile' };
    }
    renameSync(live, old);
    renameSync(next, live);
    sqlite
      .prepare(
        `UPDATE videos SET duration_sec = ?, duration_bucket = ?, width = ?, height = ?, is_hd = ?,
           timeline_count = ?, timeline_interval = ? WHERE id = ? AND status_id = 2`,
      )
      .run(
        duration,
        duration < 600 ? 1 : duration <= 2400 ? 2 : 3,
        manifest.width,
        manifest.height,
        isHdLadder(manifest.renditions) ? 1 : 0,
        manifest.sprites.tileCount,
        manifest.sprites.interval,
        videoId,
      );
    rmSync(old, { recursive: true, force: true });
    ctx.progress(1, 'restoring');
    return { videoId, restoration: manifest.restoration ?? null };
  };
}
