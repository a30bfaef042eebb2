import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldMode, MediaManifest, RestorationOverrides, RestorationPlan } from '@vt/media';
import type Database from 'better-sqlite3';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import { keptSourceOf } from '../uploads/restoration-rerun';

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
  sqlite,
  mediaDir,
  uploadsDir,
  jobs,
  audit,
}: {
  sqlite: Database.Database;
  mediaDir: string;
  uploadsDir: string;
  jobs: JobQueue;
  audit: AuditLog;
}) {
  // The queue is polled every few seconds: a manifest is parsed again only when it changed.
  const cache = new Map<string, { mtime: number; manifest: MediaManifest | null }>();
  function manifestOf(mediaPath: string): MediaManifest | null {
    const file = join(mediaDir, mediaPath, 'manifest.json');
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit.manifest;
    let manifest: MediaManifest | null = null;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8')) as MediaManifest;
    } catch {
      manifest = null;
    }
    if (cache.size > 1000) cache.clear();
    cache.set(file, { mtime, manifest });
    return manifest;
  }

  const latestRerun = sqlite.prepare(
    `SELECT status, progress, error FROM jobs WHERE unique_key = ? ORDER BY id DESC LIMIT 1`,
  );
  const video = sqlite.prepare('SELECT id, status_id, media_path FROM videos WHERE id = ?');

  function rerunOf(videoId: number): RestorationView['rerun'] {
    const j = latestRerun.get(rerunKey(videoId)) as
      | { status: 'queued' | 'running' | 'done' | 'failed'; progress: number; error: string | null }
      | undefined;
    if (!j || j.status === 'done') return null;
    return { state: j.status, progress: j.progress, error: j.status === 'failed' ? j.error : null };
  }

  return {
    /** What the restoration of this processed video decided, or null (not run: a demo clip, an old upload). */
    view(videoId: number, mediaPath: string | null): RestorationView | null {
      if (!mediaPath || mediaPath !== `uploads/${videoId}`) return null;
      const m = manifestOf(mediaPath);
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
        sourceKept: keptSourceOf(sqlite, uploadsDir, videoId) !== null,
        rerun: rerunOf(videoId),
      };
    },

    /** The file of a pending video's before or after still, for the moderators' route only. */
    stillOf(videoId: number, which: 'before' | 'after'): string | null {
      const v = video.get(videoId) as { media_path: string | null } | undefined;
      if (!v?.media_path || v.media_path !== `uploads/${videoId}`) return null;
      return join(mediaDir, v.media_path, `restoration-${which}.jpg`);
    },

    /**
     * Saves a moderator's choice and queues the re-run. Refused when the video is not pending and
     * processed, when a re-run is already under way, or when its original is no longer kept.
     */
    async rerun(actorId: number, videoId: number, choice: RestorationChoice): Promise<{ queued: true }> {
      const v = video.get(videoId) as
        | { id: number; status_id: number; media_path: string | null }
        | undefined;
      if (!v) throw notFound('video_not_found');
      if (v.status_id !== 2 || v.media_path !== `uploads/${videoId}`)
        throw new AppError('restoration_not_pending', { status: 409 });
      const current = rerunOf(videoId);
      if (current && current.state !== 'failed') throw new AppError('restoration_busy', { status: 409 });
      if (!keptSourceOf(sqlite, uploadsDir, videoId))
        throw new AppError('restoration_source_gone', { status: 409 });
      const before = toChoice(manifestOf(v.media_path)?.restoration?.basis?.overrides);
      // Queued, then audited: the jobs table is on the data layer and the audit log not yet, so they no
      // longer share one transaction (ADR 0041); a queued re-run is recorded the moment it is queued.
      const queued = await jobs.enqueue(
        'media.restore',
        { videoId, overrides: toOverrides(choice) },
        { uniqueKey: rerunKey(videoId), priority: 5, maxAttempts: 2 },
      );
      // Another moderator's re-run got in first.
      if (queued === null) throw new AppError('restoration_busy', { status: 409 });
      audit.record({
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
