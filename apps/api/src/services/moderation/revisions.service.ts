import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_FILES } from '@vt/media';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { PreviewImages } from '../uploads/preview-image';
import type { PublishService } from '../videos/publish.service';
import { type RejectReason, rejectReasonText } from './reject-reasons';

/** The fields an uploader may change after upload; only the changed ones are stored. */
export interface RevisionFields {
  title?: string;
  description?: string;
  /** Category dirs and model ids: the whole new set, when it changed. */
  categories?: string[];
  models?: number[];
}

export interface VideoEdit {
  title: string;
  description: string;
  /** A stored preview image of this member (PreviewImages.find), or null to keep the current one. */
  previewFile: string | null;
  /** The whole new set of category dirs (known ones) and model ids (existing ones); absent: unchanged. */
  categories?: string[];
  models?: number[];
}

/** Published or hidden with a ban (back to published when the ban is lifted): visitors have seen it. */
const PUBLISHED = [1, 7];
const IMAGE_FILES = [MEDIA_FILES.thumb, MEDIA_FILES.thumb2x, MEDIA_FILES.scr];

interface OwnVideo {
  id: number;
  title: string;
  description: string;
  status_id: number;
  media_path: string | null;
  width: number;
  height: number;
}

interface RevisionRow {
  id: number;
  video_id: number;
  member_id: number | null;
  fields: string;
  preview_path: string | null;
  created_at: number;
}

/**
 * Uploaders' edits of their own videos. An edit of a video visitors have seen is held as a pending revision
 * (one per video; a newer edit replaces it) and the public title, description and images stay as they are
 * until a moderator approves; an edit of a video nobody has approved yet applies at once, since the
 * moderator still reviews the whole video.
 */
export function createVideoRevisions({
  sqlite,
  clock,
  publish,
  audit,
  notifications,
  previews,
  uploadsDir,
  mediaDir,
}: {
  sqlite: Database.Database;
  clock: Clock;
  publish: PublishService;
  audit: AuditLog;
  notifications: Notifications;
  previews: PreviewImages;
  uploadsDir: string;
  mediaDir: string;
}) {
  const ownVideo = sqlite.prepare(
    `SELECT id, title, description, status_id, media_path, width, height FROM videos
     WHERE id = ? AND uploader_id = ? AND status_id != 5`,
  );
  const pendingOf = sqlite.prepare("SELECT * FROM video_revisions WHERE video_id = ? AND status = 'pending'");
  const pendingById = sqlite.prepare(
    `SELECT r.*, v.title, v.description, v.dir, v.media_path, v.uploader_id FROM video_revisions r
     JOIN videos v ON v.id = r.video_id
     WHERE r.id = ? AND r.status = 'pending' AND v.status_id IN (${PUBLISHED.join(', ')})`,
  );
  const insertPending = sqlite.prepare(
    `INSERT INTO video_revisions (video_id, member_id, fields, preview_path, status, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?)`,
  );
  const replacePending = sqlite.prepare(
    'UPDATE video_revisions SET member_id = ?, fields = ?, preview_path = ?, created_at = ? WHERE id = ?',
  );
  const dropPending = sqlite.prepare("DELETE FROM video_revisions WHERE id = ? AND status = 'pending'");
  const decide = sqlite.prepare(
    `UPDATE video_revisions SET status = ?, decided_by = ?, decided_at = ?, note = ?
     WHERE id = ? AND status = 'pending'`,
  );
  const setText = sqlite.prepare(
    'UPDATE videos SET title = coalesce(?, title), description = coalesce(?, description) WHERE id = ?',
  );
  const categoriesOf = sqlite
    .prepare(
      'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ? ORDER BY c.dir',
    )
    .pluck();
  const modelsOf = sqlite
    .prepare('SELECT model_id FROM video_models WHERE video_id = ? ORDER BY model_id')
    .pluck();
  const categoryIds = sqlite
    .prepare('SELECT id FROM categories WHERE dir IN (SELECT value FROM json_each(?))')
    .pluck();

  /** Writes edited fields to the video itself: text, and the category and model links with their counts. */
  function applyFields(videoId: number, fields: RevisionFields) {
    setText.run(fields.title ?? null, fields.description ?? null, videoId);
    if (fields.categories || fields.models)
      publish.retag(videoId, {
        categoryIds: fields.categories && (categoryIds.all(JSON.stringify(fields.categories)) as number[]),
        modelIds: fields.models,
      });
  }

  const pendingVideoIds = sqlite
    .prepare(
      `SELECT r.video_id FROM video_revisions r JOIN videos v ON v.id = r.video_id
       WHERE r.status = 'pending' AND v.uploader_id = ?`,
    )
    .pluck();

  const stagingDir = (rel: string) => join(uploadsDir, rel);

  /** The video's own processed directory; demo videos share one, which no single uploader may change. */
  const ownMediaDir = (v: OwnVideo) =>
    v.media_path === `uploads/${v.id}` && existsSync(join(mediaDir, v.media_path))
      ? join(mediaDir, v.media_path)
      : null;

  /** Renders the thumbnails and the preview image out of public reach, ready to be copied in on approval. */
  async function stage(file: string, v: OwnVideo): Promise<string> {
    const rel = join('revisions', `${v.id}-${randomBytes(8).toString('hex')}`);
    mkdirSync(stagingDir(rel), { recursive: true });
    await previews.apply(file, stagingDir(rel), { width: v.width, height: v.height });
    return rel;
  }

  function publishImages(rel: string, videoDir: string) {
    for (const name of IMAGE_FILES) copyFileSync(join(stagingDir(rel), name), join(videoDir, name));
    discard(rel);
  }

  const discard = (rel: string | null) => {
    if (rel) rmSync(stagingDir(rel), { recursive: true, force: true });
  };

  function changedFields(
    v: { id: number; title: string; description: string },
    edit: VideoEdit,
  ): RevisionFields {
    const fields: RevisionFields = {};
    if (edit.title !== v.title) fields.title = edit.title;
    if (edit.description !== v.description) fields.description = edit.description;
    const same = <T>(a: readonly T[], b: readonly T[]) =>
      a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
    if (edit.categories && !same(edit.categories, categoriesOf.all(v.id) as string[]))
      fields.categories = [...new Set(edit.categories)];
    if (edit.models && !same(edit.models, modelsOf.all(v.id) as number[]))
      fields.models = [...new Set(edit.models)];
    return fields;
  }

  const parse = (fields: string) => JSON.parse(fields) as RevisionFields;

  const service = {
    /**
     * An uploader's edit: 'pending' when it waits for a moderator, 'applied' when it took effect, null when the
     * video is not this member's (or is deleted), which callers answer like a missing video.
     */
    async submit(memberId: number, videoId: number, edit: VideoEdit): Promise<'pending' | 'applied' | null> {
      const found = ownVideo.get(videoId, memberId) as OwnVideo | undefined;
      if (!found) return null;
      let staged: string | null = null;
      if (edit.previewFile) {
        if (!ownMediaDir(found))
          throw new AppError('preview_not_ready', {
            status: 409,
            field: 'preview',
            message: 'The preview image can be changed once the video has been processed',
          });
        staged = await stage(edit.previewFile, found);
      }
      // Immediate: two nodes taking edits of one video at once must not both insert a pending revision.
      const outcome = sqlite
        .transaction(() => {
          // Re-read after the image work: the video may have been approved or deleted meanwhile.
          const v = ownVideo.get(videoId, memberId) as OwnVideo | undefined;
          const dir = v && ownMediaDir(v);
          if (!v || (staged && !dir)) return { result: null, drop: staged };
          const fields = changedFields(v, edit);

          if (!PUBLISHED.includes(v.status_id)) {
            applyFields(v.id, fields);
            if (staged && dir) publishImages(staged, dir);
            return { result: 'applied' as const, drop: null };
          }

          const old = pendingOf.get(v.id) as RevisionRow | undefined;
          // The edit form sends the text every time but an image only when a new one is chosen: a pending image
          // stays part of the edit until replaced, so fixing a typo does not silently drop it.
          const preview = staged ?? old?.preview_path ?? null;
          const replaced = staged && old?.preview_path ? old.preview_path : null;
          if (Object.keys(fields).length === 0 && !preview) {
            // Back to what is public: nothing is left to moderate.
            if (old) dropPending.run(old.id);
            return { result: 'applied' as const, drop: null };
          }
          const now = clock.now();
          if (old) replacePending.run(memberId, JSON.stringify(fields), preview, now, old.id);
          else insertPending.run(v.id, memberId, JSON.stringify(fields), preview, now);
          return { result: 'pending' as const, drop: replaced };
        })
        .immediate();
      discard(outcome.drop);
      return outcome.result;
    },

    /** The fields of the video's pending edit (what its edit form shows), or null. */
    pendingFields(videoId: number): (RevisionFields & { preview: boolean }) | null {
      const r = pendingOf.get(videoId) as RevisionRow | undefined;
      return r ? { ...parse(r.fields), preview: Boolean(r.preview_path) } : null;
    },

    /** Drops a video's pending edit and its staged image (the video is being deleted). */
    dropPendingOf(videoId: number): void {
      const r = pendingOf.get(videoId) as RevisionRow | undefined;
      if (!r) return;
      dropPending.run(r.id);
      discard(r.preview_path);
    },

    /** Which of the member's videos have an edit waiting, for their uploads page. */
    pendingVideoIds(memberId: number): number[] {
      return pendingVideoIds.all(memberId) as number[];
    },

    /** The staged preview image of a pending edit, for the moderators' side-by-side view. */
    imageOf(revisionId: number): string | null {
      const r = sqlite
        .prepare("SELECT preview_path FROM video_revisions WHERE id = ? AND status = 'pending'")
        .pluck()
        .get(revisionId) as string | null | undefined;
      return r ? join(stagingDir(r), MEDIA_FILES.thumb2x) : null;
    },

    /** Applies pending edits to their videos; returns the revision ids that were approved. */
    approve(actorId: number, revisionIds: readonly number[]): number[] {
      const done: number[] = [];
      const videoIds: number[] = [];
      const images: { rel: string; dir: string }[] = [];
      sqlite.transaction(() => {
        for (const id of revisionIds) {
          const r = pendingById.get(id) as
            | (RevisionRow & {
                title: string;
                description: string;
                dir: string;
                media_path: string | null;
                uploader_id: number | null;
              })
            | undefined;
          if (!r) continue;
          const fields = parse(r.fields);
          const dir = r.preview_path && r.media_path ? join(mediaDir, r.media_path) : null;
          applyFields(r.video_id, fields);
          decide.run('approved', actorId, clock.now(), null, id);
          if (r.preview_path && dir) images.push({ rel: r.preview_path, dir });
          done.push(id);
          videoIds.push(r.video_id);
          audit.record({
            actorId,
            action: 'video_edit.approve',
            targetType: 'video',
            targetId: r.video_id,
            before: { title: r.title, description: r.description },
            after: { ...fields, preview: Boolean(r.preview_path), revision: id },
          });
          if (r.uploader_id !== null)
            notifications.send(r.uploader_id, 'video_edit_approved', {
              id: r.video_id,
              title: fields.title ?? r.title,
              dir: r.dir,
            });
        }
      })();
      for (const { rel, dir } of images) publishImages(rel, dir);
      publish.revised(videoIds);
      return done;
    },

    /** Turns pending edits down; the public video never changed. */
    reject(actorId: number, revisionIds: readonly number[], reason: RejectReason, note: string): number[] {
      const text = rejectReasonText(reason, note);
      const done: number[] = [];
      const staged: (string | null)[] = [];
      sqlite.transaction(() => {
        for (const id of revisionIds) {
          const r = pendingById.get(id) as
            | (RevisionRow & { title: string; description: string; uploader_id: number | null })
            | undefined;
          if (!r) continue;
          decide.run('rejected', actorId, clock.now(), text, id);
          staged.push(r.preview_path);
          done.push(id);
          audit.record({
            actorId,
            action: 'video_edit.reject',
            targetType: 'video',
            targetId: r.video_id,
            reason: text,
            before: { title: r.title, description: r.description },
            after: { ...parse(r.fields), preview: Boolean(r.preview_path), revision: id },
          });
          if (r.uploader_id !== null)
            notifications.send(r.uploader_id, 'video_edit_rejected', {
              id: r.video_id,
              title: r.title,
              reason,
              note,
            });
        }
      })();
      for (const rel of staged) discard(rel);
      return done;
    },
  };
  return service;
}

export type VideoRevisions = ReturnType<typeof createVideoRevisions>;
