import { type DataLayer, lockedForEdit, readJson, writeJson } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import { transactionOf } from '../community/community-targets';
import { retagVideo } from '../videos/publish.repository';
import { categoryDirsOf } from './own-videos.repository';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/** The fields an uploader may change after upload; only the changed ones are stored. */
export interface RevisionFields {
  title?: string;
  description?: string;
  /** Category dirs and model ids: the whole new set, when it changed. */
  categories?: string[];
  models?: number[];
}

/** Published or hidden with a ban (back to published when the ban is lifted): visitors have seen it. */
export const PUBLISHED = [1, 7];

function revisionQueries({ db, dialect }: Layer) {
  const pendingOf = (videoId: number) =>
    db
      .selectFrom('video_revisions')
      .select(['id', 'fields', 'preview_path'])
      .where('video_id', '=', videoId)
      .where('status', '=', 'pending')
      .executeTakeFirst();

  return {
    /**
     * The member's video unless deleted; inside a transaction it stays locked until the commit (PostgreSQL),
     * so two edits of one video take turns.
     */
    ownVideo: (videoId: number, memberId: number) =>
      lockedForEdit(
        db
          .selectFrom('videos')
          .select(['id', 'title', 'description', 'status_id', 'media_path', 'width', 'height'])
          .where('id', '=', videoId)
          .where('uploader_id', '=', memberId)
          .where('status_id', '!=', 5),
        dialect,
      ).executeTakeFirst(),

    /** The video's pending revision, its fields parsed. */
    async pendingOf(videoId: number) {
      const r = await pendingOf(videoId);
      return r && { id: r.id, fields: readJson<RevisionFields>(r.fields), previewPath: r.preview_path };
    },

    /** A pending revision of a video visitors have seen, with what the moderators' decision needs of it. */
    async pendingById(revisionId: number) {
      const r = await db
        .selectFrom('video_revisions as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .select([
          'r.video_id',
          'r.fields',
          'r.preview_path',
          'v.title',
          'v.description',
          'v.dir',
          'v.media_path',
          'v.uploader_id',
        ])
        .where('r.id', '=', revisionId)
        .where('r.status', '=', 'pending')
        .where('v.status_id', 'in', PUBLISHED)
        .executeTakeFirst();
      return r && { ...r, fields: readJson<RevisionFields>(r.fields) };
    },

    /** The video's category dirs and model ids, each sorted. */
    async tagsOf(videoId: number) {
      const models = await db
        .selectFrom('video_models')
        .select('model_id')
        .where('video_id', '=', videoId)
        .orderBy('model_id')
        .execute();
      return { categories: await categoryDirsOf(db, videoId), models: models.map((r) => r.model_id) };
    },

    async insertPending(
      videoId: number,
      memberId: number,
      fields: RevisionFields,
      preview: string | null,
      now: number,
    ) {
      await db
        .insertInto('video_revisions')
        .values({
          video_id: videoId,
          member_id: memberId,
          fields: writeJson(fields),
          preview_path: preview,
          status: 'pending',
          created_at: now,
        })
        .execute();
    },

    async replacePending(
      revisionId: number,
      memberId: number,
      fields: RevisionFields,
      preview: string | null,
      now: number,
    ) {
      await db
        .updateTable('video_revisions')
        .set({ member_id: memberId, fields: writeJson(fields), preview_path: preview, created_at: now })
        .where('id', '=', revisionId)
        .execute();
    },

    async dropPending(revisionId: number) {
      await db
        .deleteFrom('video_revisions')
        .where('id', '=', revisionId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Records a moderator's decision on a pending revision; false when it was no longer pending. */
    async decide(
      revisionId: number,
      d: { status: 'approved' | 'rejected'; actorId: number; now: number; note: string | null },
    ) {
      const r = await db
        .updateTable('video_revisions')
        .set({ status: d.status, decided_by: d.actorId, decided_at: d.now, note: d.note })
        .where('id', '=', revisionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /**
     * Writes edited fields to the video itself: its text, and its category and model links with the listing
     * facets and counts (publish.repository's retagVideo). Call in a transaction.
     */
    async applyFields(videoId: number, fields: RevisionFields) {
      if (fields.title !== undefined || fields.description !== undefined)
        await db
          .updateTable('videos')
          .set({
            ...(fields.title !== undefined ? { title: fields.title } : {}),
            ...(fields.description !== undefined ? { description: fields.description } : {}),
          })
          .where('id', '=', videoId)
          .execute();
      if (!fields.categories && !fields.models) return;
      const categoryIds = fields.categories?.length
        ? (
            await db.selectFrom('categories').select('id').where('dir', 'in', fields.categories).execute()
          ).map((r) => r.id)
        : fields.categories && [];
      await retagVideo(db, dialect, videoId, { categoryIds, modelIds: fields.models });
    },

    /** The audit entry of a decision, in the same transaction. */
    audit: (row: AuditRow) => insertAuditEntry(db, row),
  };
}

/**
 * Uploaders' edits of their own videos held for review (video_revisions), on either database: the edit's own
 * writes, and its application to the video with the listing maintenance that goes with it.
 */
export function createRevisionsRepository(layer: Layer) {
  const { db } = layer;
  return {
    ...revisionQueries(layer),
    transaction: transactionOf(layer, revisionQueries),

    /** Which of the member's videos have an edit waiting. */
    async pendingVideoIds(memberId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('video_revisions as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .select('r.video_id')
        .where('r.status', '=', 'pending')
        .where('v.uploader_id', '=', memberId)
        .orderBy('r.video_id')
        .execute();
      return rows.map((r) => r.video_id);
    },

    /** The staged preview image of a pending revision: null without one, undefined when not pending. */
    async previewOf(revisionId: number): Promise<string | null | undefined> {
      const r = await db
        .selectFrom('video_revisions')
        .select('preview_path')
        .where('id', '=', revisionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r?.preview_path;
    },
  };
}

export type RevisionsRepository = ReturnType<typeof createRevisionsRepository>;
