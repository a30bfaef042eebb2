import {
  type DataLayer,
  type DialectName,
  inIdList,
  moveListingFacets,
  recountListedOf,
  recountMemberVideos,
  recountTaxonomy,
} from '@vt/db';
import { sql, type UpdateResult } from 'kysely';

type Db = DataLayer['db'];
/**
 * Writes of the caller's that commit or roll back with a visibility change (its audit entries and
 * notifications): `layer.db` is the transaction, `done` the ids that changed.
 */
export type WithChange = (layer: Pick<DataLayer, 'db' | 'dialect'>, done: number[]) => Promise<void>;
/** A guarded update of one row, built and not yet run. */
type Updated = { executeTakeFirst(): Promise<UpdateResult> };

/** A suspended uploader's pending uploads stay unpublished: the ban hides everything of theirs. */
const notSuspended = sql<boolean>`coalesce((select m.status from members m where m.id = uploader_id), '') != 'suspended'`;

/** Which of these videos visitors can list now. */
async function listedIn(q: Db, dialect: DialectName, ids: readonly number[]) {
  return ids.length === 0
    ? []
    : (
        await q
          .selectFrom('videos')
          .select('id')
          .where(inIdList(dialect, 'id', ids))
          .where('status_id', '=', 1)
          .where('is_private', '=', 0)
          .execute()
      ).map((r) => r.id);
}

/** Category ids below 63 are bits of category_mask, which the listings' indexes filter on. */
const setCategoryMask = (q: Db, videoId: number) =>
  sql`update videos set category_mask = coalesce((select sum(cast(1 as bigint) << cast(vc.category_id as integer))
    from video_categories vc where vc.video_id = videos.id and vc.category_id < 63), 0) where id = ${videoId}`.execute(
    q,
  );

/**
 * Replaces a video's categories and models (an uploader's edit, applied or approved) inside the caller's
 * transaction (`trx`), keeping the listing facets, the category mask and the counts of every model and
 * category it joined or left in step. The caller purges (publish.revised) after the commit.
 */
export async function retagVideo(
  trx: Db,
  dialect: DialectName,
  videoId: number,
  tags: { categoryIds?: readonly number[]; modelIds?: readonly number[] },
): Promise<void> {
  const listed = await listedIn(trx, dialect, [videoId]);
  const oldModels = (
    await trx.selectFrom('video_models').select('model_id').where('video_id', '=', videoId).execute()
  ).map((r) => r.model_id);
  const oldCats = (
    await trx.selectFrom('video_categories').select('category_id').where('video_id', '=', videoId).execute()
  ).map((r) => r.category_id);
  await moveListingFacets(trx, dialect, listed, -1);
  if (tags.categoryIds) {
    await trx.deleteFrom('video_categories').where('video_id', '=', videoId).execute();
    if (tags.categoryIds.length)
      await trx
        .insertInto('video_categories')
        .values(tags.categoryIds.map((category_id) => ({ video_id: videoId, category_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    await setCategoryMask(trx, videoId);
  }
  if (tags.modelIds) {
    await trx.deleteFrom('video_models').where('video_id', '=', videoId).execute();
    if (tags.modelIds.length)
      await trx
        .insertInto('video_models')
        .values(tags.modelIds.map((model_id) => ({ video_id: videoId, model_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  await moveListingFacets(trx, dialect, listed, 1);
  await recountListedOf(trx, dialect, listed);
  if (listed.length) await recountTaxonomy(trx, dialect, { models: oldModels, categories: oldCats });
}

/**
 * What visitors can see, on either database: the visibility changes of videos and albums, each in one
 * transaction with the listing facets and the maintained counts of everything the videos belong to.
 */
export function createPublishRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  const listedOf = (q: Db, ids: readonly number[]) => listedIn(q, dialect, ids);

  /**
   * In the caller's transaction: the listing facets and the counts of the models, playlists, categories and
   * channels of the videos that entered (+1) or left (-1) the listings. `listed`: the ones visitors could
   * list before a removal or can after an addition.
   */
  async function listedChanged(
    trx: Db,
    changed: readonly number[],
    listed: readonly number[],
    delta: 1 | -1,
  ) {
    const moved = changed.filter((id) => listed.includes(id));
    await moveListingFacets(trx, dialect, moved, delta);
    await recountListedOf(trx, dialect, moved);
  }

  /**
   * Ids among `ids` whose guarded update (one statement per id) changed its row: each may fail its guard
   * (another moderator was faster, the video is not processed, the uploader is suspended).
   */
  async function each(ids: readonly number[], update: (id: number) => Updated) {
    const ok: number[] = [];
    for (const id of ids) if ((await update(id).executeTakeFirst()).numUpdatedRows > 0n) ok.push(id);
    return ok;
  }

  /** `each` in a transaction of its own, for a change that touches nothing else. */
  const eachAlone = (ids: readonly number[], update: (trx: Db, id: number) => Updated, then?: WithChange) =>
    db.transaction().execute(async (trx) => {
      const ok = await each(ids, (id) => update(trx, id));
      await then?.({ db: trx, dialect }, ok);
      return ok;
    });

  /** Moves a member's `from` videos or albums to `to`; the ids moved. */
  async function moveUploaderRows(
    trx: Db,
    table: 'videos' | 'albums',
    memberId: number,
    from: number,
    to: number,
  ) {
    const ids = (
      await trx
        .selectFrom(table)
        .select('id')
        .where('uploader_id', '=', memberId)
        .where('status_id', '=', from)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    await trx
      .updateTable(table)
      .set({ status_id: to })
      .where('uploader_id', '=', memberId)
      .where('status_id', '=', from)
      .execute();
    return ids;
  }

  async function setUploaderContent(memberId: number, from: number, to: number) {
    return db.transaction().execute(async (trx) => {
      const wasListed = await listedOf(
        trx,
        (
          await trx
            .selectFrom('videos')
            .select('id')
            .where('uploader_id', '=', memberId)
            .where('status_id', '=', from)
            .execute()
        ).map((r) => r.id),
      );
      const videos = await moveUploaderRows(trx, 'videos', memberId, from, to);
      if (to === 1) await listedChanged(trx, videos, await listedOf(trx, videos), 1);
      else await listedChanged(trx, videos, wasListed, -1);
      const albums = await moveUploaderRows(trx, 'albums', memberId, from, to);
      return { videos, albums };
    });
  }

  return {
    /** Pending → active for each processed, pending video of an uploader in good standing; the ids approved. */
    approve: (videoIds: readonly number[], now: number, then?: WithChange) =>
      db.transaction().execute(async (trx) => {
        const ok = await each(videoIds, (id) =>
          trx
            .updateTable('videos')
            .set({ status_id: 1, post_date: now, reject_reason: null })
            .where('id', '=', id)
            .where('status_id', '=', 2)
            .where('media_path', 'is not', null)
            .where(notSuspended),
        );
        for (const id of ok) await setCategoryMask(trx, id);
        await listedChanged(trx, ok, await listedOf(trx, ok), 1);
        await then?.({ db: trx, dialect }, ok);
        return ok;
      }),

    /** Pending (or failed) → rejected with a reason; nothing public changes. */
    reject: (videoIds: readonly number[], reason: string, then?: WithChange) =>
      eachAlone(
        videoIds,
        (trx, id) =>
          trx
            .updateTable('videos')
            .set({ status_id: 4, reject_reason: reason })
            .where('id', '=', id)
            .where('status_id', 'in', [2, 3, 6]),
        then,
      ),

    /** Any state → deleted (5). */
    takeDown: (videoIds: readonly number[]) =>
      db.transaction().execute(async (trx) => {
        const wasListed = await listedOf(trx, videoIds);
        const ok = await each(videoIds, (id) =>
          trx.updateTable('videos').set({ status_id: 5 }).where('id', '=', id).where('status_id', '!=', 5),
        );
        await listedChanged(trx, ok, wasListed, -1);
        return ok;
      }),

    /** Deleted (5) → `status`, the one it had before a reversed removal. */
    restore: (videoIds: readonly number[], status: number) =>
      db.transaction().execute(async (trx) => {
        const ok = await each(videoIds, (id) =>
          trx
            .updateTable('videos')
            .set({ status_id: status })
            .where('id', '=', id)
            .where('status_id', '=', 5),
        );
        await listedChanged(trx, ok, await listedOf(trx, ok), 1);
        return ok;
      }),

    /** A pending album with photos, of an uploader in good standing → listed. */
    approveAlbums: (albumIds: readonly number[], now: number, then?: WithChange) =>
      eachAlone(
        albumIds,
        (trx, id) =>
          trx
            .updateTable('albums')
            .set({ status_id: 1, post_date: now, reject_reason: null })
            .where('id', '=', id)
            .where('status_id', '=', 2)
            .where('photos_amount', '>', 0)
            .where(notSuspended),
        then,
      ),

    rejectAlbums: (albumIds: readonly number[], reason: string, then?: WithChange) =>
      eachAlone(
        albumIds,
        (trx, id) =>
          trx
            .updateTable('albums')
            .set({ status_id: 4, reject_reason: reason })
            .where('id', '=', id)
            .where('status_id', '=', 2),
        then,
      ),

    /** A member's listed videos and albums (`from`) → `to`: hidden (7) on a ban, back (1) when it is lifted. */
    setUploaderContent,

    /** The distinct uploaders of these videos. */
    uploadersOf: async (videoIds: readonly number[]) =>
      videoIds.length === 0
        ? []
        : (
            await db
              .selectFrom('videos')
              .select('uploader_id')
              .distinct()
              .where(inIdList(dialect, 'id', videoIds))
              .where('uploader_id', 'is not', null)
              .orderBy('uploader_id')
              .execute()
          ).flatMap((r) => (r.uploader_id === null ? [] : [r.uploader_id])),

    /** Recounts these members' listed uploads. */
    recountUploaders: (memberIds: readonly number[]) => recountMemberVideos(db, dialect, memberIds),

    /** An uploaded video's or album's status and uploader, or undefined. */
    visibilityOf: (kind: 'video' | 'album', id: number) =>
      db
        .selectFrom(kind === 'video' ? 'videos' : 'albums')
        .select(['status_id', 'uploader_id'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The upload ids (original files) of a video. */
    originalsOf: async (videoId: number) =>
      (await db.selectFrom('uploads').select('id').where('video_id', '=', videoId).execute()).map(
        (r) => r.id,
      ),
  };
}

export type PublishRepository = ReturnType<typeof createPublishRepository>;
