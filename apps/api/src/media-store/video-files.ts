import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MEDIA_FILES, type MediaManifest, parseManifest } from '@vt/media';
import { under } from '../services/media/timeline-vtt';
import { bytesOf, joinKey, type MediaStore } from './media-store';

/** Where a client gets one file: a local file this node sends, or (S3 mode) a presigned URL it redirects to. */
export type VideoFileLocation = { path: string } | { url: string };

/**
 * The files of a video's processed directory the API itself reads (its manifest, fingerprint, seek-preview
 * VTT, the restoration stills), wherever the visible version lives (issue 22): below MEDIA_DIR, or in the
 * bucket under the prefix `store.current(mediaPath)` answers. `name` is relative to the video's directory.
 */
export interface VideoFiles {
  readonly kind: 'local' | 's3';
  /** The file's bytes, or null when there is none (not processed, gone, or a path that leaves the directory). */
  read(mediaPath: string, name: string): Promise<Buffer | null>;
  /**
   * What changes whenever the file may have (to cache what is parsed from it): its mtime on disk, the visible
   * version's key in the bucket (a published version's objects are never rewritten; the file may be absent
   * from it, and `read` then answers null). Null when there is no such file or no visible version.
   */
  version(mediaPath: string, name: string): Promise<string | null>;
  /** How a client gets the file (S3: a presigned URL living S3_URL_TTL_SECONDS), or null when there is none. */
  locate(mediaPath: string, name: string): Promise<VideoFileLocation | null>;
}

/** Local mode: the files below MEDIA_DIR, as today; a path that would leave it finds nothing. */
export function localVideoFiles(mediaDir: string): VideoFiles {
  const root = resolve(mediaDir);
  const pathOf = (mediaPath: string, name: string) => under(root, join(mediaPath, name));
  return {
    kind: 'local',
    async read(mediaPath, name) {
      const path = pathOf(mediaPath, name);
      return path ? readFile(path).catch(() => null) : null;
    },
    async version(mediaPath, name) {
      const path = pathOf(mediaPath, name);
      const st = path ? await stat(path).catch(() => null) : null;
      return st?.isFile() ? String(st.mtimeMs) : null;
    },
    async locate(mediaPath, name) {
      const path = pathOf(mediaPath, name);
      const st = path ? await stat(path).catch(() => null) : null;
      return path && st?.isFile() ? { path } : null;
    },
  };
}

/** The visible version's prefix of a video's media path, or null (none published, or not a valid key). */
export async function currentOf(store: MediaStore, mediaPath: string): Promise<string | null> {
  try {
    return await store.current(mediaPath);
  } catch {
    return null;
  }
}

/** S3 mode: the files of the visible version in the bucket; nothing is read from this node's disk. */
export function storeVideoFiles(store: MediaStore): VideoFiles {
  async function keyOf(mediaPath: string, name: string): Promise<string | null> {
    const prefix = await currentOf(store, mediaPath);
    if (!prefix) return null;
    try {
      return joinKey(prefix, name);
    } catch {
      return null;
    }
  }
  return {
    kind: 's3',
    async read(mediaPath, name) {
      const key = await keyOf(mediaPath, name);
      return key ? bytesOf(store, key) : null;
    },
    // One small read (the pointer) per call: the version's key, whether or not the file is in it.
    version: keyOf,
    async locate(mediaPath, name) {
      const key = await keyOf(mediaPath, name);
      return key && (await store.exists(key)) ? { url: await store.signedUrl(key) } : null;
    },
  };
}

/** The reader the store's kind calls for (wired once, in the composition root). */
export function createVideoFiles(store: MediaStore, mediaDir: string): VideoFiles {
  return store.kind === 's3' ? storeVideoFiles(store) : localVideoFiles(mediaDir);
}

/** A video's manifest (manifest.json of its visible version), or null. */
export async function readVideoManifest(
  files: Pick<VideoFiles, 'read'>,
  mediaPath: string,
): Promise<MediaManifest | null> {
  const bytes = await files.read(mediaPath, MEDIA_FILES.manifest);
  return bytes ? parseManifest(bytes.toString('utf8')) : null;
}
