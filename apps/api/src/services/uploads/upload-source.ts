import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStore } from '../../media-store/media-store';
import { holdScratch } from '../../media-store/scratch';

/** A finished upload as a file this process can read, and what to do once done with it. */
export interface OpenedUpload {
  file: string;
  /** Removes the worker's copy (S3 mode); nothing in local mode, where the file is the upload itself. */
  release(): Promise<void>;
}

/**
 * Where tus put the bytes of an upload: the local uploads directory, or the bucket (S3 mode, issue 22).
 * The ingest job reads a finished upload through it, and the cleanup of expired uploads removes them.
 */
export interface UploadSource {
  readonly kind: 'local' | 's3';
  /** The finished upload as a local file (S3: pulled into the worker's scratch directory), or null when gone. */
  open(id: string): Promise<OpenedUpload | null>;
  /** Whether the finished upload's bytes are still kept (a kept original, ADR 0039). */
  exists(id: string): Promise<boolean>;
  /** Removes the bytes and tus's bookkeeping of an upload (unfinished, expired, or an original no longer kept). */
  remove(id: string): Promise<void>;
  /** Stores a whole upload that came in one request (POST /api/video_edit.php) where tus would have. */
  put(id: string, bytes: Uint8Array): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** Where a worker's pulled copies of finished uploads live, below its scratch directory (S3 mode). */
export const pulledUploadsDir = (scratchDir: string) => join(scratchDir, 'sources');

/** Local mode: tus's files in the uploads directory (`{id}` and `{id}.json`). */
export function localUploadSource(uploadsDir: string): UploadSource {
  return {
    kind: 'local',
    async open(id) {
      const file = join(uploadsDir, id);
      if (!SAFE_ID.test(id) || !existsSync(file)) return null;
      return { file, release: async () => {} };
    },
    exists: async (id) => SAFE_ID.test(id) && existsSync(join(uploadsDir, id)),
    async remove(id) {
      if (!SAFE_ID.test(id)) return;
      for (const file of [id, `${id}.json`]) await rm(join(uploadsDir, file), { force: true });
    },
    async put(id, bytes) {
      if (!SAFE_ID.test(id)) throw new Error(`Invalid upload id: ${id}`);
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(join(uploadsDir, id), bytes);
    },
  };
}

/**
 * S3 mode: tus wrote the upload to `{prefix}{id}` in the bucket (HashingS3Store). The worker pulls it into
 * `{scratchDir}/sources/` for ffprobe and ffmpeg, and deletes the copy when the job ends either way.
 */
export function storeUploadSource(opts: {
  store: MediaStore;
  prefix: string;
  scratchDir: string;
  /** Aborts the multipart upload and removes the objects (HashingS3Store.discard). */
  discard: (id: string) => Promise<void>;
}): UploadSource {
  return {
    kind: 's3',
    async open(id) {
      if (!SAFE_ID.test(id)) return null;
      // A name of its own per job run: two runs of one job (a lease taken over) never share a copy.
      // The process id in the name: a copy left by a killed worker is told from one in use (cleanStalePulls).
      const file = join(
        pulledUploadsDir(opts.scratchDir),
        `${id}-${process.pid}-${randomBytes(4).toString('hex')}`,
      );
      const unhold = holdScratch(file);
      const release = async () => {
        await rm(file, { force: true });
        unhold();
      };
      try {
        if (!(await opts.store.getToFile(`${opts.prefix}${id}`, file))) return null;
      } catch (err) {
        await release();
        throw err;
      }
      return { file, release };
    },
    exists: async (id) => SAFE_ID.test(id) && (await opts.store.exists(`${opts.prefix}${id}`)),
    async remove(id) {
      if (SAFE_ID.test(id)) await opts.discard(id);
    },
    async put(id, bytes) {
      if (!SAFE_ID.test(id)) throw new Error(`Invalid upload id: ${id}`);
      await opts.store.putBytes(
        `${opts.prefix}${id}`,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      );
    },
  };
}
