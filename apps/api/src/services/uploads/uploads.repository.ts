import { type DataLayer, lockMemberUploads, readJson, type UploadsTable, writeJson } from '@vt/db';
import { type Selectable, sql } from 'kysely';
import type { VideoUploadMeta } from './upload-rules';

/** An upload as its services read it: the row, with its JSON metadata parsed. */
export type UploadRow = Omit<Selectable<UploadsTable>, 'meta'> & { meta: VideoUploadMeta | null };

const toRow = (r: Selectable<UploadsTable>): UploadRow => ({
  ...r,
  meta: r.meta === null ? null : readJson<VideoUploadMeta>(r.meta),
});

/** The columns a processed ladder sets on its video (ingest and restoration re-run alike). */
export interface LadderColumns {
  duration_sec: number;
  duration_bucket: number;
  width: number;
  height: number;
  is_hd: number;
  timeline_count: number;
  timeline_interval: number;
}

/** Video statuses a content hash no longer counts as taken in: rejected, deleted, failed. */
const GONE_STATUSES = [4, 5, 6];

/**
 * All SQL of uploads (ADR 0041), on SQLite or PostgreSQL: the uploads table, the uploads page's read of the
 * ingest job's progress and the video's state, and the video rows the media jobs write (the ingest's new
 * pending video and its links, a restored ladder, a freed directory). Multi-statement writes are one
 * transaction awaiting only its own queries; file I/O stays in the services, outside them.
 */
export function createUploadsRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /**
     * A new video upload, unless the member already has `max` in progress (then false). The count and the
     * insert are one transaction, serialised per member, so concurrent requests never both take the last place.
     */
    async insertIfRoom(u: {
      id: string;
      memberId: number;
      filename: string;
      size: number;
      meta: VideoUploadMeta;
      now: number;
      expiresAt: number;
      max: number;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockMemberUploads(trx, dialect, u.memberId);
        const { n } = await trx
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', u.memberId)
          .where('status', '=', 'uploading')
          .where('expires_at', '>', u.now)
          .executeTakeFirstOrThrow();
        if (Number(n) >= u.max) return false;
        await trx
          .insertInto('uploads')
          .values({
            id: u.id,
            member_id: u.memberId,
            kind: 'video',
            filename: u.filename,
            size: u.size,
            meta: writeJson(u.meta),
            created_at: u.now,
            updated_at: u.now,
            expires_at: u.expiresAt,
          })
          .execute();
        return true;
      });
    },

    async byId(id: string): Promise<UploadRow | null> {
      const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Bytes arrived while uploading: the offset, and a later expiry. */
    async touch(id: string, received: number, now: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ received, updated_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .execute();
    },

    /** The last byte arrived: complete, with the hash when the stream gave one. False when not uploading. */
    async markComplete(id: string, contentHash: string | null, now: number): Promise<boolean> {
      const r = await db
        .updateTable('uploads')
        .set((eb) => ({
          status: 'complete',
          received: eb.ref('size'),
          content_hash: contentHash,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Expired now: a cancelled upload (only while uploading), or one past its expiry. */
    async markExpired(id: string, now: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ status: 'expired', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .execute();
    },

    /** Unfinished uploads whose expiry has passed. */
    async expiredIds(now: number): Promise<string[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('id')
        .where('status', '=', 'uploading')
        .where('expires_at', '<=', now)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The metadata of every upload still in flight (uploading, complete or processing). */
    async inFlightMeta(): Promise<(VideoUploadMeta | null)[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('meta')
        .where('status', 'in', ['uploading', 'complete', 'processing'])
        .execute();
      return rows.map((r) => (r.meta === null ? null : readJson<VideoUploadMeta>(r.meta)));
    },

    /**
     * The member's uploads, newest first (at most 100), for the uploads page: the latest ingest job's progress
     * and stage, and the video's state once there is one.
     */
    async mine(memberId: number) {
      const ingestKey = sql<string>`'ingest:' || ${sql.ref('u.id')}`;
      return db
        .selectFrom('uploads as u')
        .leftJoin('videos as v', 'v.id', 'u.video_id')
        .select((eb) => [
          'u.id',
          'u.filename',
          'u.size',
          'u.received',
          'u.status',
          'u.error',
          'u.video_id as videoId',
          'u.created_at as createdAt',
          eb
            .selectFrom('jobs as j')
            .select('j.progress')
            .where('j.unique_key', '=', ingestKey)
            .orderBy('j.id', 'desc')
            .limit(1)
            .as('progress'),
          eb
            .selectFrom('jobs as j')
            .select('j.stage')
            .where('j.unique_key', '=', ingestKey)
            .orderBy('j.id', 'desc')
            .limit(1)
            .as('stage'),
          'v.status_id as videoStatus',
          'v.reject_reason as rejectReason',
          'v.dir as videoDir',
          'v.title as videoTitle',
        ])
        .where('u.member_id', '=', memberId)
        .orderBy('u.created_at', 'desc')
        .limit(100)
        .execute();
    },

    /** The ingest starts working on an upload. */
    async markProcessing(id: string, now: number): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ status: 'processing', updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Records the upload's content hash unless it is a duplicate (then false): a live video other than the
     * upload's own has it, or another upload being processed or done. Check and write are one statement.
     */
    async recordHashUnlessDuplicate(id: string, hash: string, ownVideoId: number | null): Promise<boolean> {
      const r = await db
        .updateTable('uploads')
        .set({ content_hash: hash })
        .where('id', '=', id)
        .where((eb) =>
          eb.not(
            eb.or([
              eb.exists(
                eb
                  .selectFrom('videos')
                  .select('videos.id')
                  .where('videos.content_hash', '=', hash)
                  .where('videos.status_id', 'not in', GONE_STATUSES)
                  .$if(ownVideoId !== null, (q) => q.where('videos.id', '!=', ownVideoId!)),
              ),
              eb.exists(
                eb
                  .selectFrom('uploads as other')
                  .select('other.id')
                  .where('other.content_hash', '=', hash)
                  .where('other.id', '!=', id)
                  .where('other.status', 'in', ['processing', 'done']),
              ),
            ]),
          ),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * The upload ends without a video, with a code the uploads page translates. With `videoId`, its pending
     * video (unless quarantined) becomes failed in the same transaction.
     */
    async markFailed(id: string, error: string, now: number, videoId?: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (videoId !== undefined)
          await trx
            .updateTable('videos')
            .set({ status_id: 6 })
            .where('id', '=', videoId)
            .where('status_id', '!=', 8)
            .execute();
        await trx
          .updateTable('uploads')
          .set({ status: 'failed', error, updated_at: now })
          .where('id', '=', id)
          .execute();
      });
    },

    /**
     * The upload's new video, processing (status 3), with the categories and models it named (unknown dirs
     * are ignored): the video, its links and the upload's pointer to it are written in one transaction, so a
     * re-run after a crash either finds the video or makes it anew.
     */
    async createVideo(v: {
      uploadId: string;
      uploaderId: number;
      dir: string;
      title: string;
      description: string;
      contentHash: string;
      durationSec: number;
      categories: string[];
      models: string[];
      now: number;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('videos')
          .values({
            dir: v.dir,
            title: v.title,
            description: v.description,
            status_id: 3,
            gender: 'straight',
            post_date: v.now,
            added_at: v.now,
            uploader_id: v.uploaderId,
            content_hash: v.contentHash,
            duration_sec: v.durationSec,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const videoId = Number(id);
        await trx.updateTable('uploads').set({ video_id: videoId }).where('id', '=', v.uploadId).execute();
        if (v.categories.length) {
          const cats = await trx
            .selectFrom('categories')
            .select('id')
            .where('dir', 'in', v.categories)
            .execute();
          if (cats.length)
            await trx
              .insertInto('video_categories')
              .values(cats.map((c) => ({ video_id: videoId, category_id: c.id })))
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
        if (v.models.length) {
          const models = await trx.selectFrom('models').select('id').where('dir', 'in', v.models).execute();
          if (models.length)
            await trx
              .insertInto('video_models')
              .values(models.map((m) => ({ video_id: videoId, model_id: m.id })))
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
        return videoId;
      });
    },

    /**
     * The processed ladder is in place: the video (still processing, or quarantined) gets its media and
     * becomes `statusId`, and the upload is done, in one transaction.
     */
    async finishIngest(f: {
      uploadId: string;
      videoId: number;
      mediaPath: string;
      ladder: LadderColumns;
      statusId: number;
      now: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ media_path: f.mediaPath, ...f.ladder, status_id: f.statusId })
          .where('id', '=', f.videoId)
          .where('status_id', 'in', [3, 8])
          .execute();
        await trx
          .updateTable('uploads')
          .set({ status: 'done', updated_at: f.now })
          .where('id', '=', f.uploadId)
          .execute();
      });
    },

    /** The video an upload made, if any. */
    async videoIdOf(uploadId: string): Promise<number | null> {
      const row = await db
        .selectFrom('uploads')
        .select('video_id')
        .where('id', '=', uploadId)
        .executeTakeFirst();
      return row?.video_id ?? null;
    },

    /** The newest upload that made this video (its kept original's id, metadata and uploader). */
    async latestOfVideo(
      videoId: number,
    ): Promise<{ id: string; meta: VideoUploadMeta | null; memberId: number } | null> {
      const row = await db
        .selectFrom('uploads')
        .select(['id', 'meta', 'member_id'])
        .where('video_id', '=', videoId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        meta: row.meta === null ? null : readJson<VideoUploadMeta>(row.meta),
        memberId: row.member_id,
      };
    },

    /** The media path of a video that waits for moderation (status 2), else null. */
    async pendingMediaPath(videoId: number): Promise<string | null> {
      const row = await db
        .selectFrom('videos')
        .select('media_path')
        .where('id', '=', videoId)
        .where('status_id', '=', 2)
        .executeTakeFirst();
      return row?.media_path ?? null;
    },

    /**
     * A restored ladder replaces the live one, only while the video is still pending with this media path:
     * the row is updated first (which holds the write lock on SQLite and the row's lock on PostgreSQL until
     * commit), then `swap` (synchronous file renames, nothing awaited) runs inside the transaction, so a
     * moderator's decision is either before it (false: nothing swapped) or after it. A throwing swap rolls
     * the row back.
     */
    async applyRestoredLadder(
      videoId: number,
      mediaPath: string,
      ladder: LadderColumns,
      swap: () => void,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('videos')
          .set(ladder)
          .where('id', '=', videoId)
          .where('status_id', '=', 2)
          .where('media_path', '=', mediaPath)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        swap();
        return true;
      });
    },

    /** Whether the video is deleted (status 5). */
    async isDeleted(videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('status_id', '=', 5)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A deleted video's directory is gone: it no longer has a media path (unless it changed meanwhile). */
    async forgetMediaPath(videoId: number, mediaPath: string): Promise<void> {
      await db
        .updateTable('videos')
        .set({ media_path: null })
        .where('id', '=', videoId)
        .where('media_path', '=', mediaPath)
        .execute();
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
