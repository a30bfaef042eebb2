import { randomBytes } from 'node:crypto';
import { MEDIA_FILES } from '@vt/media';
import { AppError } from '../../lib/app-error';
import { joinKey, type MediaStore } from '../../media-store/media-store';
import type { AuditEntry } from '../audit/audit.service';
import { auditRow } from '../audit/audit-entry';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import { WEBP_SUFFIX, writeImageVariants } from '../uploads/image-variants';
import type { PreviewImages } from '../uploads/preview-image';
import type { PublishService } from '../videos/publish.service';
import { type RejectReason, rejectReasonText } from './reject-reasons';
import { PUBLISHED, type RevisionFields, type RevisionsRepository } from './revisions.repository';

export type { RevisionFields } from './revisions.repository';

export interface VideoEdit {
  title: string;
  description: string;
  /** The key of a stored preview image of this member (PreviewImages.find), or null to keep the current one. */
  previewKey: string | null;
  /** The whole new set of category dirs (known ones) and model ids (existing ones); absent: unchanged. */
  categories?: string[];
  models?: number[];
}

const IMAGE_FILES = [MEDIA_FILES.thumb, MEDIA_FILES.thumb2x, MEDIA_FILES.scr];

type OwnVideo = NonNullable<Awaited<ReturnType<RevisionsRepository['ownVideo']>>>;

/**
 * Uploaders' edits of their own videos. An edit of a video visitors have seen is held as a pending revision
 * (one per video; a newer edit replaces it) and the public title, description and images stay as they are
 * until a moderator approves; an edit of a video nobody has approved yet applies at once, since the
 * moderator still reviews the whole video.
 */
export function createVideoRevisions({
  repo,
  clock,
  publish,
  notifications,
  previews,
  media,
}: {
  repo: RevisionsRepository;
  clock: Clock;
  publish: Pick<PublishService, 'revised'>;
  notifications: Pick<Notifications, 'within'>;
  previews: PreviewImages;
  /** The media store (the media directory, or the bucket in S3 mode) the approved images are written to. */
  media: MediaStore;
}) {
  // Staged images are private files (the uploads directory, or the bucket's private prefix in S3 mode).
  const { files } = previews;
  const entry = (e: AuditEntry) => auditRow(e, clock.now());

  /** The video's own processed media path, when published; demo videos share one, which no uploader may change. */
  const ownMedia = (v: { id: number; media_path: string | null }) => v.media_path === `uploads/${v.id}`;
  const ownMediaReady = async (v: OwnVideo) => ownMedia(v) && (await media.current(v.media_path!)) !== null;

  /** Renders the thumbnails and the preview image out of public reach, ready to be copied in on approval. */
  async function stage(key: string, v: OwnVideo): Promise<string> {
    const rel = `revisions/${v.id}-${randomBytes(8).toString('hex')}`;
    let applied = false;
    await files.putDir(rel, async (dir) => {
      applied = await previews.applyStored(key, dir, { width: v.width, height: v.height });
      // Their WebP variants too: in S3 mode nothing remakes a stale one (the thumbs route serves the bucket's).
      if (applied) await writeImageVariants(dir);
    });
    if (!applied) {
      await discard(rel);
      throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
    }
    return rel;
  }

  /**
   * Copies the staged images over the video's visible ones (its current version in the store): each JPEG,
   * then its WebP variant, or the removal of the old one, so no page is shown the replaced image.
   */
  async function publishImages(rel: string, mediaPath: string) {
    const current = await media.current(mediaPath);
    if (current)
      for (const name of IMAGE_FILES) {
        const bytes = await files.read(`${rel}/${name}`);
        if (!bytes) continue;
        await media.putBytes(joinKey(current, name), bytes, { contentType: 'image/jpeg' });
        const webp = await files.read(`${rel}/${name}${WEBP_SUFFIX}`);
        const variant = joinKey(current, `${name}${WEBP_SUFFIX}`);
        if (webp) await media.putBytes(variant, webp, { contentType: 'image/webp' });
        else await media.deleteObject(variant);
      }
    await discard(rel);
  }

  const discard = async (rel: string | null) => {
    if (rel) await files.remove(rel);
  };

  /** What the edit changes of the video, read in the caller's transaction (`tags`: its current links). */
  function changedFields(
    v: { title: string; description: string },
    tags: { categories: string[]; models: number[] },
    edit: VideoEdit,
  ): RevisionFields {
    const fields: RevisionFields = {};
    if (edit.title !== v.title) fields.title = edit.title;
    if (edit.description !== v.description) fields.description = edit.description;
    const same = <T>(a: readonly T[], b: readonly T[]) =>
      a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
    if (edit.categories && !same(edit.categories, tags.categories))
      fields.categories = [...new Set(edit.categories)];
    if (edit.models && !same(edit.models, tags.models)) fields.models = [...new Set(edit.models)];
    return fields;
  }

  const service = {
    /**
     * An uploader's edit: 'pending' when it waits for a moderator, 'applied' when it took effect, null when the
     * video is not this member's (or is deleted), which callers answer like a missing video.
     */
    async submit(memberId: number, videoId: number, edit: VideoEdit): Promise<'pending' | 'applied' | null> {
      const found = await repo.ownVideo(videoId, memberId);
      if (!found) return null;
      let staged: string | null = null;
      if (edit.previewKey) {
        if (!(await ownMediaReady(found)))
          throw new AppError('preview_not_ready', {
            status: 409,
            field: 'preview',
            message: 'The preview image can be changed once the video has been processed',
          });
        staged = await stage(edit.previewKey, found);
      }
      // The video is locked while the edit is decided (PostgreSQL): two nodes taking edits of one video at once
      // must not both insert a pending revision. The images are copied in after the commit.
      const outcome = await repo.transaction(async (tx) => {
        // Re-read after the image work: the video may have been approved or deleted meanwhile.
        const v = await tx.ownVideo(videoId, memberId);
        const dir = v && ownMedia(v) ? v.media_path : null;
        if (!v || (staged && !dir)) return { result: null, drop: staged, images: null };
        const fields = changedFields(v, await tx.tagsOf(v.id), edit);

        if (!PUBLISHED.includes(v.status_id)) {
          await tx.applyFields(v.id, fields);
          return { result: 'applied' as const, drop: null, images: staged && dir ? { staged, dir } : null };
        }

        const old = await tx.pendingOf(v.id);
        // The edit form sends the text every time but an image only when a new one is chosen: a pending image
        // stays part of the edit until replaced, so fixing a typo does not silently drop it.
        const preview = staged ?? old?.previewPath ?? null;
        const replaced = staged && old?.previewPath ? old.previewPath : null;
        if (Object.keys(fields).length === 0 && !preview) {
          // Back to what is public: nothing is left to moderate.
          if (old) await tx.dropPending(old.id);
          return { result: 'applied' as const, drop: null, images: null };
        }
        const now = clock.now();
        if (old) await tx.replacePending(old.id, memberId, fields, preview, now);
        else await tx.insertPending(v.id, memberId, fields, preview, now);
        return { result: 'pending' as const, drop: replaced, images: null };
      });
      if (outcome.images) await publishImages(outcome.images.staged, outcome.images.dir);
      await discard(outcome.drop);
      return outcome.result;
    },

    /** The fields of the video's pending edit (what its edit form shows), or null. */
    async pendingFields(videoId: number): Promise<(RevisionFields & { preview: boolean }) | null> {
      const r = await repo.pendingOf(videoId);
      return r ? { ...r.fields, preview: Boolean(r.previewPath) } : null;
    },

    /** Drops a video's pending edit and its staged image (the video is being deleted). */
    async dropPendingOf(videoId: number): Promise<void> {
      const r = await repo.pendingOf(videoId);
      if (!r) return;
      await repo.dropPending(r.id);
      await discard(r.previewPath);
    },

    /** Which of the member's videos have an edit waiting, for their uploads page. */
    pendingVideoIds: (memberId: number): Promise<number[]> => repo.pendingVideoIds(memberId),

    /** The staged preview image of a pending edit (its bytes), for the moderators' side-by-side view. */
    async imageOf(revisionId: number): Promise<Buffer | null> {
      const r = await repo.previewOf(revisionId);
      return r ? files.read(`${r}/${MEDIA_FILES.thumb2x}`) : null;
    },

    /**
     * Applies pending edits to their videos, each with its audit entry and the uploader's notification in one
     * transaction; returns the revision ids that were approved.
     */
    async approve(actorId: number, revisionIds: readonly number[]): Promise<number[]> {
      const done: number[] = [];
      const videoIds: number[] = [];
      const images: { rel: string; dir: string }[] = [];
      await repo.transaction(async (tx, layer) => {
        for (const id of revisionIds) {
          const r = await tx.pendingById(id);
          if (!r) continue;
          const { fields } = r;
          const dir = r.preview_path && r.media_path ? r.media_path : null;
          // Decided first: a moderator who decided it a moment earlier on another node wins (PostgreSQL waits
          // on the row, then finds it no longer pending).
          if (!(await tx.decide(id, { status: 'approved', actorId, now: clock.now(), note: null }))) continue;
          await tx.applyFields(r.video_id, fields);
          if (r.preview_path && dir) images.push({ rel: r.preview_path, dir });
          done.push(id);
          videoIds.push(r.video_id);
          await tx.audit(
            entry({
              actorId,
              action: 'video_edit.approve',
              targetType: 'video',
              targetId: r.video_id,
              before: { title: r.title, description: r.description },
              after: { ...fields, preview: Boolean(r.preview_path), revision: id },
            }),
          );
          if (r.uploader_id !== null)
            await notifications.within(layer).send(r.uploader_id, 'video_edit_approved', {
              id: r.video_id,
              title: fields.title ?? r.title,
              dir: r.dir,
            });
        }
      });
      for (const { rel, dir } of images) await publishImages(rel, dir);
      await publish.revised(videoIds);
      return done;
    },

    /** Turns pending edits down; the public video never changed. */
    async reject(
      actorId: number,
      revisionIds: readonly number[],
      reason: RejectReason,
      note: string,
    ): Promise<number[]> {
      const text = rejectReasonText(reason, note);
      const done: number[] = [];
      const staged: (string | null)[] = [];
      await repo.transaction(async (tx, layer) => {
        for (const id of revisionIds) {
          const r = await tx.pendingById(id);
          if (!r) continue;
          if (!(await tx.decide(id, { status: 'rejected', actorId, now: clock.now(), note: text }))) continue;
          staged.push(r.preview_path);
          done.push(id);
          await tx.audit(
            entry({
              actorId,
              action: 'video_edit.reject',
              targetType: 'video',
              targetId: r.video_id,
              reason: text,
              before: { title: r.title, description: r.description },
              after: { ...r.fields, preview: Boolean(r.preview_path), revision: id },
            }),
          );
          if (r.uploader_id !== null)
            await notifications.within(layer).send(r.uploader_id, 'video_edit_rejected', {
              id: r.video_id,
              title: r.title,
              reason,
              note,
            });
        }
      });
      for (const rel of staged) await discard(rel);
      return done;
    },
  };
  return service;
}

export type VideoRevisions = ReturnType<typeof createVideoRevisions>;
