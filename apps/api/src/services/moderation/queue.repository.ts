import { type DataLayer, inIdList } from '@vt/db';
import type { Gender } from '@vt/rules';
import { sql } from 'kysely';

type Db = DataLayer['db'];
/**
 * The moderation queue's reads, on either database: pending videos, uploads still processing, albums and
 * edits of published videos, with what a decision needs (uploader history, possible duplicates, the text
 * of an edit's categories and models).
 */
export function createQueueRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** The latest ingest job of an upload (`u`), whose progress, stage and error the queue shows. */
  const ingestJob = sql<number>`(select max(jx.id) from jobs jx where jx.unique_key = 'ingest:' || u.id)`;
  const hints = (q: Db) => q.selectFrom('videos').select(['id', 'title', 'status_id']);

  return {
    /** The videos' or albums' titles, dirs, states and uploaders, by id. */
    async targets(table: 'videos' | 'albums', ids: readonly number[]) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'title', 'dir', 'status_id', 'uploader_id'])
        .where(inIdList(dialect, 'id', ids))
        .execute();
      return new Map(rows.map((t) => [t.id, t]));
    },

    /** Uploads still being hashed or probed: they have no video yet. */
    early: (limit: number) =>
      db
        .selectFrom('uploads as u')
        .leftJoin('members as m', 'm.id', 'u.member_id')
        .leftJoin('jobs as j', (join) => join.on('j.id', '=', ingestJob))
        .select([
          'u.id',
          'u.filename',
          'u.meta',
          'u.member_id',
          'm.name as uploader_name',
          'u.created_at',
          'j.progress',
          'j.stage',
          'j.error',
        ])
        .where('u.kind', '=', 'video')
        .where('u.status', 'in', ['complete', 'processing'])
        .where('u.video_id', 'is', null)
        .orderBy('u.created_at')
        .orderBy('u.id')
        .limit(limit)
        .execute(),

    /** Pending, processing and failed videos, oldest first. */
    videos: (limit: number) =>
      db
        .selectFrom('videos as v')
        .leftJoin('members as m', 'm.id', 'v.uploader_id')
        .leftJoin('uploads as u', 'u.video_id', 'v.id')
        .leftJoin('jobs as j', (join) => join.on('j.id', '=', ingestJob))
        .select([
          'v.id',
          'v.title',
          'v.description',
          'v.status_id',
          'v.uploader_id',
          'm.name as uploader_name',
          'v.added_at',
          'v.duration_sec',
          'v.width',
          'v.height',
          'v.media_path',
          'v.timeline_count',
          'v.content_hash',
          'v.gender',
          'u.id as upload_id',
          'u.filename',
          'u.error as upload_error',
          'j.progress as job_progress',
          'j.stage as job_stage',
          'j.error as job_error',
        ])
        .where('v.status_id', 'in', [2, 3, 6])
        .orderBy('v.added_at')
        .orderBy('v.id')
        .limit(limit)
        .execute(),

    /** Pending albums with photos, oldest first. */
    albums: (limit: number) =>
      db
        .selectFrom('albums as a')
        .leftJoin('members as m', 'm.id', 'a.uploader_id')
        .select([
          'a.id',
          'a.title',
          'a.description',
          'a.uploader_id',
          'm.name as uploader_name',
          'a.added_at',
          'a.photos_amount',
          'a.post_date',
        ])
        .where('a.status_id', '=', 2)
        .where('a.photos_amount', '>', 0)
        .orderBy('a.added_at')
        .orderBy('a.id')
        .limit(limit)
        .execute(),

    /** Pending edits of published (or hidden) videos; edits of deleted or rejected ones wait for nothing. */
    edits: (limit: number) =>
      db
        .selectFrom('video_revisions as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .leftJoin('members as m', 'm.id', 'v.uploader_id')
        .select([
          'r.id',
          'r.video_id',
          'r.fields',
          'r.preview_path',
          'r.created_at',
          'v.title',
          'v.description',
          'v.dir',
          'v.media_path',
          'v.uploader_id',
          'm.name as uploader_name',
        ])
        .where('r.status', '=', 'pending')
        .where('v.status_id', 'in', [1, 7])
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(limit)
        .execute(),

    /** Six photos of an album, those added since `since` (its last approval) first. */
    albumPhotos: async (albumId: number, since: number) =>
      (
        await db
          .selectFrom('photos')
          .select('path')
          .where('album_id', '=', albumId)
          .orderBy(sql`case when created_at >= ${since} then 0 else 1 end`)
          .orderBy('position')
          .limit(6)
          .execute()
      ).map((p) => p.path),

    /** How many of a member's videos are in each status. */
    history: (memberId: number) =>
      db
        .selectFrom('videos')
        .select(['status_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('uploader_id', '=', memberId)
        .groupBy('status_id')
        .execute(),

    /** Rejected, deleted or hidden videos with the same bytes. */
    sameFile: (hash: string, videoId: number) =>
      hints(db)
        .where('content_hash', '=', hash)
        .where('id', '!=', videoId)
        .where('status_id', 'in', [4, 5, 7])
        .limit(3)
        .execute(),

    /** Listed (of this orientation) and queued videos of this duration range and resolution. */
    sameShape: async (
      v: { id: number; gender: Gender; width: number; height: number },
      lo: number,
      hi: number,
    ) => {
      const shaped = hints(db)
        .where('duration_sec', '>=', lo)
        .where('duration_sec', '<=', hi)
        .where('width', '=', v.width)
        .where('height', '=', v.height)
        .where('id', '!=', v.id)
        .limit(3);
      return [
        ...(await shaped
          .where('status_id', '=', 1)
          .where('is_private', '=', 0)
          .where('gender', '=', v.gender)
          .execute()),
        ...(await shaped.where('status_id', 'in', [2, 3]).execute()),
      ];
    },

    /** Candidates for a similar title: listed videos of this orientation and queued ones in a duration range. */
    close: async (v: { id: number; gender: Gender }, lo: number, hi: number) => {
      const near = db
        .selectFrom('videos')
        .select(['id', 'title', 'status_id', 'duration_sec'])
        .where('duration_sec', '>=', lo)
        .where('duration_sec', '<=', hi)
        .where('id', '!=', v.id);
      return [
        ...(await near
          .where('status_id', '=', 1)
          .where('is_private', '=', 0)
          .where('gender', '=', v.gender)
          .limit(200)
          .execute()),
        ...(await near.where('status_id', 'in', [2, 3]).limit(50).execute()),
      ];
    },

    /** A video's categories by URL name, and the ones of these names. */
    categoryDirsOf: async (videoId: number) =>
      (
        await db
          .selectFrom('video_categories as vc')
          .innerJoin('categories as c', 'c.id', 'vc.category_id')
          .select('c.dir')
          .where('vc.video_id', '=', videoId)
          .orderBy('c.dir')
          .execute()
      ).map((r) => r.dir),
    categoryDirsIn: async (dirs: readonly string[]) =>
      dirs.length === 0
        ? []
        : (
            await db
              .selectFrom('categories')
              .select('dir')
              .where('dir', 'in', [...dirs])
              .orderBy('dir')
              .execute()
          ).map((r) => r.dir),

    /** A video's models' titles, and the titles of these models. */
    modelTitlesOf: async (videoId: number) =>
      (
        await db
          .selectFrom('video_models as vm')
          .innerJoin('models as m', 'm.id', 'vm.model_id')
          .select('m.title')
          .where('vm.video_id', '=', videoId)
          .orderBy('m.title')
          .execute()
      ).map((r) => r.title),
    modelTitlesIn: async (ids: readonly number[]) =>
      (
        await db
          .selectFrom('models')
          .select('title')
          .where(inIdList(dialect, 'id', ids))
          .orderBy('title')
          .execute()
      ).map((r) => r.title),

    /** Every item waiting, for the tab badge. */
    async count(): Promise<number> {
      const n = (q: Promise<{ n: number } | undefined>) => q.then((r) => Number(r?.n ?? 0));
      const videos = await n(
        db
          .selectFrom('videos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status_id', 'in', [2, 3, 6])
          .executeTakeFirst(),
      );
      const albums = await n(
        db
          .selectFrom('albums')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status_id', '=', 2)
          .where('photos_amount', '>', 0)
          .executeTakeFirst(),
      );
      const uploads = await n(
        db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'video')
          .where('status', 'in', ['complete', 'processing'])
          .where('video_id', 'is', null)
          .executeTakeFirst(),
      );
      const edits = await n(
        db
          .selectFrom('video_revisions as r')
          .innerJoin('videos as v', 'v.id', 'r.video_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('r.status', '=', 'pending')
          .where('v.status_id', 'in', [1, 7])
          .executeTakeFirst(),
      );
      return videos + albums + uploads + edits;
    },

    /** A queued video's media path and timeline size, for the moderators' sprite previews. */
    timelineOf: (videoId: number) =>
      db
        .selectFrom('videos')
        .select(['media_path', 'timeline_count'])
        .where('id', '=', videoId)
        .where('status_id', 'in', [2, 3, 6])
        .executeTakeFirst(),
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;
