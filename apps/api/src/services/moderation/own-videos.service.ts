import { MEDIA_FILES } from '@vt/media';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { bytesOf, type MediaStore } from '../../media-store/media-store';
import type { AuditLog } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import type { PreviewImages } from '../uploads/preview-image';
import type { PublishService } from '../videos/publish.service';
import type { OwnVideosRepository } from './own-videos.repository';
import type { VideoRevisions } from './revisions.service';

export const MAX_EDIT_CATEGORIES = 3;
export const MAX_EDIT_MODELS = 5;
/** Frames offered in the edit dialog's preview picker, evenly spread over the video's timeline. */
const FRAME_CHOICES = 12;

export interface Frame {
  index: number;
  /** The sprite sheet and the tile's place in it. */
  src: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface OwnVideoEdit {
  title: string;
  description: string;
  categories: string[];
  models: number[];
  /** Keep the current image, take a frame of the timeline, or an image stored with video_edit.php act=preview. */
  preview: { kind: 'keep' } | { kind: 'frame'; index: number } | { kind: 'image'; token: string };
}

const notFound = () => new AppError('video_not_found', { status: 404, message: 'Video not found' });

/** The processed directory of this video alone (demo videos share one, which no uploader may change). */
const ownDir = (v: { id: number; media_path: string | null }) =>
  v.media_path === `uploads/${v.id}` ? v.media_path : null;

/**
 * Uploaders looking after their own videos: the edit form's data, edits (held as revisions once the video
 * is public, revisions.service.ts) and deletion. A video that is not the member's answers like a missing one.
 */
export function createOwnVideos({
  repo,
  publish,
  audit,
  revisions,
  previews,
  jobs,
  media,
}: {
  repo: OwnVideosRepository;
  publish: PublishService;
  audit: AuditLog;
  revisions: VideoRevisions;
  previews: PreviewImages;
  jobs: JobQueue;
  /** Where the videos' timelines are read from: the media directory, or the bucket (S3 mode). */
  media: MediaStore;
}) {
  const find = (memberId: number, videoId: number, staff = false) => repo.own(videoId, memberId, staff);

  /** Every tile of the stored timeline VTT (sprite references are relative to the video's directory). */
  async function tilesOf(mediaPath: string): Promise<(Frame & { key: string })[]> {
    const current = await media.current(mediaPath);
    if (!current) return [];
    const vtt = (await bytesOf(media, `${current}/${MEDIA_FILES.vtt}`))?.toString('utf8') ?? '';
    const tiles: (Frame & { key: string })[] = [];
    for (const m of vtt.matchAll(/^([\w./-]+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/gm))
      tiles.push({
        index: tiles.length,
        src: `${mediaPath}/${m[1]}`,
        key: `${current}/${m[1]}`,
        x: Number(m[2]),
        y: Number(m[3]),
        w: Number(m[4]),
        h: Number(m[5]),
      });
    return tiles;
  }

  /** Crops one timeline tile into a stored preview image of this member (the custom image's checks skipped: it is ours). */
  async function frameImage(memberId: number, mediaPath: string, index: number): Promise<string> {
    const tile = (await tilesOf(mediaPath))[index];
    const sheet = tile && (await bytesOf(media, tile.key));
    if (!tile || !sheet)
      throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
    const bytes = await sharp(sheet)
      .extract({ left: tile.x, top: tile.y, width: tile.w, height: tile.h })
      .resize(640, 360, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return previews.storeTrusted(memberId, bytes);
  }

  return {
    /** What the edit dialog shows: the current values (or those of the pending edit) and the frames to pick. */
    async form(memberId: number, videoId: number) {
      const v = await find(memberId, videoId);
      if (!v) throw notFound();
      const pending = await revisions.pendingFields(videoId);
      const dir = ownDir(v);
      const tiles = dir ? await tilesOf(dir) : [];
      const step = Math.max(1, Math.floor(tiles.length / FRAME_CHOICES));
      return {
        id: v.id,
        statusId: v.status_id,
        title: pending?.title ?? v.title,
        description: pending?.description ?? v.description,
        categories: pending?.categories ?? (await repo.categoryDirs(v.id)),
        models: pending?.models ? await repo.modelsByIds(pending.models) : await repo.modelsOf(v.id),
        editPending: pending !== null,
        frames: tiles
          .filter((_, i) => i % step === 0)
          .slice(0, FRAME_CHOICES)
          .map(({ key: _key, ...frame }) => frame),
        canChangePreview: dir !== null,
      };
    },

    /**
     * Checks and submits an edit: applied at once while the video waits for moderation, held as a revision
     * once visitors have seen it.
     */
    async edit(memberId: number, videoId: number, edit: OwnVideoEdit): Promise<'pending' | 'applied'> {
      const v = await find(memberId, videoId);
      if (!v) throw notFound();
      const categories = [...new Set(edit.categories)];
      if (categories.length > MAX_EDIT_CATEGORIES)
        throw new AppError('too_many_categories', {
          field: 'categories',
          info: { max: MAX_EDIT_CATEGORIES },
          message: 'Choose at most 3 categories',
        });
      if ((await repo.knownCategories(categories)).length !== categories.length)
        throw new AppError('unknown_category', { field: 'categories', message: 'Unknown category' });
      const models = [...new Set(edit.models)];
      if (models.length > MAX_EDIT_MODELS)
        throw new AppError('too_many_models', {
          field: 'models',
          info: { max: MAX_EDIT_MODELS },
          message: 'Choose at most 5 pornstars',
        });
      if ((await repo.modelsByIds(models)).length !== models.length)
        throw new AppError('unknown_model', { field: 'models', message: 'Unknown pornstar' });

      let previewKey: string | null = null;
      if (edit.preview.kind !== 'keep') {
        const dir = ownDir(v);
        if (!dir)
          throw new AppError('preview_not_ready', {
            status: 409,
            field: 'preview',
            message: 'The preview image can be changed once the video has been processed',
          });
        previewKey =
          edit.preview.kind === 'frame'
            ? await previews.find(memberId, await frameImage(memberId, dir, edit.preview.index))
            : await previews.find(memberId, edit.preview.token);
        if (!previewKey)
          throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
      }
      const result = await revisions.submit(memberId, videoId, {
        title: edit.title,
        description: edit.description,
        previewKey,
        categories,
        models,
      });
      if (!result) throw notFound();
      if (result === 'applied') await publish.revised([videoId]);
      return result;
    },

    /**
     * Deletes a video everywhere, as a takedown does (listings, search, its page, sitemaps, counts, every cache),
     * and queues the freeing of its media files. Staff may delete any video; a member only their own.
     */
    async delete(actorId: number, videoId: number, staff = false): Promise<void> {
      const v = await find(actorId, videoId, staff);
      if (!v) throw notFound();
      await revisions.dropPendingOf(videoId);
      const uploadIds = await repo.uploadsOf(videoId);
      const done = await publish.takeDown([videoId]);
      if (done.length === 0) throw notFound();
      await audit.record({
        actorId,
        action: 'video.delete',
        targetType: 'video',
        targetId: videoId,
        reason: v.uploader_id === actorId ? 'uploader' : 'staff',
        before: { title: v.title, status_id: v.status_id },
        after: { status_id: 5 },
      });
      // Gone from the member's uploads list at once; the files go with the job.
      await repo.forgetUploads(videoId);
      await jobs.enqueue(
        'media.free',
        { videoId, mediaPath: ownDir(v), uploadIds },
        { uniqueKey: `free:${videoId}`, priority: 20 },
      );
    },

    /** The search picker of the edit dialog: models whose name starts with (or contains) the text. */
    async searchModels(text: string) {
      const q = text
        .trim()
        .toLowerCase()
        .replace(/[%_\\]/g, '');
      if (!q) return [];
      return repo.searchModels(q, q.replace(/\s+/g, '-'));
    },
  };
}

export type OwnVideos = ReturnType<typeof createOwnVideos>;
