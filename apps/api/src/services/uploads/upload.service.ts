import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_CONCURRENT_UPLOADS } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { PreviewImages } from './preview-image';
import type { VideoUploadMeta } from './upload-rules';

/** Unfinished uploads are kept this long after their last byte, then cleaned up. */
export const UPLOAD_EXPIRY_SECONDS = 24 * 3600;

export interface UploadRow {
  id: string;
  member_id: number;
  kind: 'video' | 'album';
  filename: string;
  size: number;
  status: 'uploading' | 'complete' | 'processing' | 'done' | 'failed' | 'expired';
  meta: string | null;
  video_id: number | null;
  error: string | null;
}

/** The uploads table: who uploads what, and where each upload is from first byte to video. */
export function createUploadService({
  sqlite,
  clock,
  jobs,
  uploadsDir,
  previews,
}: {
  sqlite: Database.Database;
  clock: Clock;
  jobs: JobQueue;
  uploadsDir: string;
  previews: PreviewImages;
}) {
  const inProgress = sqlite
    .prepare("SELECT count(*) FROM uploads WHERE member_id = ? AND status = 'uploading' AND expires_at > ?")
    .pluck();
  const byId = sqlite.prepare('SELECT * FROM uploads WHERE id = ?');

  return {
    /** A new upload for this member; refuses a fourth one in progress. */
    begin(memberId: number, id: string, size: number, meta: VideoUploadMeta): void {
      const now = clock.now();
      if (meta.preview && !previews.find(memberId, meta.preview))
        throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
      if (Number(inProgress.get(memberId, now)) >= MAX_CONCURRENT_UPLOADS)
        throw new AppError('too_many_uploads', {
          status: 429,
          info: { max: MAX_CONCURRENT_UPLOADS },
          message: `At most ${MAX_CONCURRENT_UPLOADS} uploads at a time: finish or cancel one first`,
        });
      sqlite
        .prepare(
          `INSERT INTO uploads (id, member_id, kind, filename, size, meta, created_at, updated_at, expires_at)
           VALUES (?, ?, 'video', ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, memberId, meta.filename, size, JSON.stringify(meta), now, now, now + UPLOAD_EXPIRY_SECONDS);
    },

    get(id: string): UploadRow | null {
      return (byId.get(id) as UploadRow | undefined) ?? null;
    },

    /** Bytes arrived: the upload stays alive for another expiry period. */
    touch(id: string, offset: number): void {
      const now = clock.now();
      sqlite
        .prepare(
          "UPDATE uploads SET received = ?, updated_at = ?, expires_at = ? WHERE id = ? AND status = 'uploading'",
        )
        .run(offset, now, now + UPLOAD_EXPIRY_SECONDS, id);
    },

    /**
     * The last byte arrived: processing is queued (the ingest job checks duplicates, probes and transcodes).
     * The content hash comes along when it was computed as the bytes streamed; the job hashes the file
     * itself otherwise.
     */
    async complete(id: string, contentHash: string | null = null): Promise<void> {
      const now = clock.now();
      const r = sqlite
        .prepare(
          "UPDATE uploads SET status = 'complete', received = size, content_hash = ?, updated_at = ? WHERE id = ? AND status = 'uploading'",
        )
        .run(contentHash, now, id);
      if (r.changes > 0)
        await jobs.enqueue('media.ingest', { uploadId: id }, { uniqueKey: `ingest:${id}`, priority: 10 });
    },

    cancel(id: string): void {
      sqlite
        .prepare(
          "UPDATE uploads SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'uploading'",
        )
        .run(clock.now(), id);
    },

    /** The member's uploads, newest first, with their state for the uploads page. */
    mine(memberId: number) {
      return sqlite
        .prepare(
          `SELECT u.id, u.filename, u.size, u.received, u.status, u.error, u.video_id AS videoId, u.created_at AS createdAt,
             (SELECT j.progress FROM jobs j WHERE j.unique_key = 'ingest:' || u.id ORDER BY j.id DESC LIMIT 1) AS progress,
             (SELECT j.stage FROM jobs j WHERE j.unique_key = 'ingest:' || u.id ORDER BY j.id DESC LIMIT 1) AS stage,
             v.status_id AS videoStatus, v.reject_reason AS rejectReason, v.dir AS videoDir, v.title AS videoTitle
           FROM uploads u LEFT JOIN videos v ON v.id = u.video_id WHERE u.member_id = ? ORDER BY u.created_at DESC LIMIT 100`,
        )
        .all(memberId);
    },

    /**
     * Deletes the files of unfinished uploads past their expiry (and their tus info files), and preview
     * images no upload in flight needs any more.
     */
    cleanUpExpired(): number {
      const ids = sqlite
        .prepare("SELECT id FROM uploads WHERE status = 'uploading' AND expires_at <= ?")
        .pluck()
        .all(clock.now()) as string[];
      for (const id of ids) {
        for (const file of [id, `${id}.json`]) rmSync(join(uploadsDir, file), { force: true });
        sqlite
          .prepare("UPDATE uploads SET status = 'expired', updated_at = ? WHERE id = ?")
          .run(clock.now(), id);
      }
      const inUse = new Set(
        (
          sqlite
            .prepare("SELECT meta FROM uploads WHERE status IN ('uploading', 'complete', 'processing')")
            .pluck()
            .all() as (string | null)[]
        )
          .map((meta) => (JSON.parse(meta ?? '{}') as VideoUploadMeta).preview)
          .filter((token): token is string => Boolean(token)),
      );
      previews.removeStale(UPLOAD_EXPIRY_SECONDS * 1000, inUse, clock.now() * 1000);
      return ids.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
