import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MEDIA_SETTINGS, MEDIA_FILES } from '@vt/media';
import { PREVIEW_MAX_BYTES } from '@vt/rules';
import sharp from 'sharp';
import { checkImage } from '../../lib/image-check';
import type { OpenedFile, PrivateFiles } from './private-files';

/** A preview the uploader chose instead of the frame the pipeline picks: at least the 2× thumbnail. */
export const PREVIEW_RULE = {
  field: 'preview',
  maxBytes: PREVIEW_MAX_BYTES,
  maxLabel: '10 MB',
  minWidth: 640,
  minHeight: 360,
} as const;
const TOKEN = /^[a-f0-9]{32}$/;

const keyOf = (memberId: number, token: string) => `previews/${memberId}-${token}.jpg`;

/**
 * Custom preview images: stored (re-encoded, metadata dropped) before the video's bytes are sent, named in
 * the tus metadata by a token, and written over the pipeline's thumbnails once the video is processed.
 * They live in the private files (the uploads directory, or the bucket's private prefix in S3 mode), so the
 * node that took the image need not be the one that takes the upload, the edit or runs the job.
 */
export function createPreviewImages(files: PrivateFiles) {
  /** Writes the thumbnails and the preview image (`scr`, the source's shape) of a processed video. */
  async function apply(
    file: string,
    videoDir: string,
    source: { width: number; height: number },
  ): Promise<void> {
    const { thumb, thumb2x, scrMaxHeight } = DEFAULT_MEDIA_SETTINGS;
    const scrHeight = Math.min(source.height, scrMaxHeight) & ~1;
    const scrWidth = Math.round((scrHeight * source.width) / source.height) & ~1;
    const image = sharp(file);
    const write = (size: { width: number; height: number }, name: string) =>
      image
        .clone()
        .resize(size.width, size.height, { fit: 'cover' })
        .jpeg({ quality: 85 })
        .toFile(join(videoDir, name));
    await Promise.all([
      write(thumb, MEDIA_FILES.thumb),
      write(thumb2x, MEDIA_FILES.thumb2x),
      write({ width: scrWidth, height: scrHeight }, MEDIA_FILES.scr),
    ]);
    rmSync(file, { force: true });
  }

  const keep = async (memberId: number, jpeg: Buffer) => {
    const token = randomBytes(16).toString('hex');
    await files.put(keyOf(memberId, token), jpeg);
    return token;
  };
  return {
    files,

    async store(memberId: number, bytes: Uint8Array): Promise<string> {
      await checkImage(bytes, PREVIEW_RULE);
      return keep(memberId, await sharp(bytes).rotate().jpeg({ quality: 90 }).toBuffer());
    },

    /** Stores an image the server made itself (a frame of the video's own timeline): no hostile-file checks. */
    async storeTrusted(memberId: number, jpeg: Buffer): Promise<string> {
      return keep(memberId, await sharp(jpeg).jpeg({ quality: 90 }).toBuffer());
    },

    /**
     * Deletes stored previews older than `maxAgeMs` whose token no upload still needs: chosen for an
     * upload that never started, or whose upload failed or expired.
     */
    async removeStale(maxAgeMs: number, inUse: Set<string>, now = Date.now()): Promise<number> {
      let removed = 0;
      for (const { key, modifiedMs } of await files.list('previews')) {
        const token = /-([a-f0-9]{32})\.jpg$/.exec(key)?.[1];
        if (token && inUse.has(token)) continue;
        if (now - modifiedMs < maxAgeMs) continue;
        await files.remove(key);
        removed++;
      }
      return removed;
    },

    /** The key of this member's stored image of that token, or null (wrong member, unknown or malformed token). */
    async find(memberId: number, token: string): Promise<string | null> {
      if (!TOKEN.test(token)) return null;
      const key = keyOf(memberId, token);
      return (await files.exists(key)) ? key : null;
    },

    /** A found image as a local file for sharp (S3 mode: pulled into the scratch directory). */
    open: (key: string): Promise<OpenedFile | null> => files.open(key),

    /** Forgets a stored image once applied. */
    remove: (key: string): Promise<void> => files.remove(key),

    apply,

    /** Applies a found image to a processed video's directory and forgets it; false when it is gone. */
    async applyStored(key: string, videoDir: string, source: { width: number; height: number }) {
      const opened = await files.open(key);
      if (!opened) return false;
      try {
        await apply(opened.file, videoDir, source);
      } finally {
        await opened.release();
      }
      await files.remove(key);
      return true;
    },
  };
}

export type PreviewImages = ReturnType<typeof createPreviewImages>;
