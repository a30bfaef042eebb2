import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MEDIA_SETTINGS, MEDIA_FILES } from '@vt/media';
import { PREVIEW_MAX_BYTES } from '@vt/rules';
import sharp from 'sharp';
import { checkImage } from '../../lib/image-check';

/** A preview the uploader chose instead of the frame the pipeline picks: at least the 2× thumbnail. */
export const PREVIEW_RULE = {
  field: 'preview',
  maxBytes: PREVIEW_MAX_BYTES,
  maxLabel: '10 MB',
  minWidth: 640,
  minHeight: 360,
} as const;
const TOKEN = /^[a-f0-9]{32}$/;

const fileOf = (uploadsDir: string, memberId: number, token: string) =>
  join(uploadsDir, 'previews', `${memberId}-${token}.jpg`);

/**
 * Custom preview images: stored (re-encoded, metadata dropped) before the video's bytes are sent, named in
 * the tus metadata by a token, and written over the pipeline's thumbnails once the video is processed.
 */
export function createPreviewImages(uploadsDir: string) {
  return {
    async store(memberId: number, bytes: Uint8Array): Promise<string> {
      await checkImage(bytes, PREVIEW_RULE);
      const token = randomBytes(16).toString('hex');
      mkdirSync(join(uploadsDir, 'previews'), { recursive: true });
      await sharp(bytes)
        .rotate()
        .jpeg({ quality: 90 })
        .toFile(fileOf(uploadsDir, memberId, token));
      return token;
    },

    /** Stores an image the server made itself (a frame of the video's own timeline): no hostile-file checks. */
    async storeTrusted(memberId: number, jpeg: Buffer): Promise<string> {
      const token = randomBytes(16).toString('hex');
      mkdirSync(join(uploadsDir, 'previews'), { recursive: true });
      await sharp(jpeg)
        .jpeg({ quality: 90 })
        .toFile(fileOf(uploadsDir, memberId, token));
      return token;
    },

    /**
     * Deletes stored previews older than `maxAgeMs` whose token no upload still needs: chosen for an
     * upload that never started, or whose upload failed or expired.
     */
    removeStale(maxAgeMs: number, inUse: Set<string>, now = Date.now()): number {
      const dir = join(uploadsDir, 'previews');
      if (!existsSync(dir)) return 0;
      let removed = 0;
      for (const name of readdirSync(dir)) {
        const token = /-([a-f0-9]{32})\.jpg$/.exec(name)?.[1];
        const file = join(dir, name);
        if (token && inUse.has(token)) continue;
        if (now - statSync(file).mtimeMs < maxAgeMs) continue;
        rmSync(file, { force: true });
        removed++;
      }
      return removed;
    },

    /** The stored file of this member's token, or null (wrong member, unknown or malformed token). */
    find(memberId: number, token: string): string | null {
      if (!TOKEN.test(token)) return null;
      const file = fileOf(uploadsDir, memberId, token);
      return existsSync(file) ? file : null;
    },

    /** Writes the thumbnails and the preview image (`scr`, the source's shape) of a processed video. */
    async apply(file: string, videoDir: string, source: { width: number; height: number }): Promise<void> {
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
    },
  };
}

export type PreviewImages = ReturnType<typeof createPreviewImages>;
