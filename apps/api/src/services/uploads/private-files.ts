import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertKey, bytesOf, type MediaStore } from '../../media-store/media-store';
import { holdScratch } from '../../media-store/scratch';

/** A stored file as a local path this process can read, and what to do once done with it. */
export interface OpenedFile {
  file: string;
  /** Removes a pulled copy (S3 mode); nothing in local mode, where the file is the stored one. */
  release(): Promise<void>;
}

/**
 * Files the site keeps out of public reach between requests: uploaders' preview images sent before or with
 * an upload or an edit (`previews/…`) and the images of pending edits (`revisions/…`). Local mode: the
 * uploads directory, as always. S3 mode (issue 22): a private prefix of the bucket (below the tus uploads
 * prefix), so any API node or worker finds what another one stored, and no node keeps them on its disk.
 */
export interface PrivateFiles {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer | null>;
  /** The file for sharp or ffmpeg: the stored file itself (local) or a copy pulled into the scratch directory. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes a file, or every file below a directory-like key. */
  remove(key: string): Promise<void>;
  /** The files directly below `dir` with their last change (ms since the epoch). */
  list(dir: string): Promise<{ key: string; modifiedMs: number }[]>;
  /** Lets `render` write files into a directory, and keeps them below `prefix`. */
  putDir(prefix: string, render: (dir: string) => Promise<void>): Promise<void>;
}

const pathOf = (root: string, key: string) => join(root, ...assertKey(key).split('/'));

/** Local mode: files below the uploads directory. */
export function localPrivateFiles(root: string): PrivateFiles {
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = pathOf(root, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    exists: async (key) => existsSync(pathOf(root, key)),
    read: (key) => readFile(pathOf(root, key)).catch(() => null),
    async open(key) {
      const file = pathOf(root, key);
      return existsSync(file) ? { file, release: async () => {} } : null;
    },
    remove: (key) => rm(pathOf(root, key), { recursive: true, force: true }),
    async list(dir) {
      const base = pathOf(root, dir);
      if (!existsSync(base)) return [];
      const out: { key: string; modifiedMs: number }[] = [];
      for (const name of await readdir(base))
        out.push({ key: `${dir}/${name}`, modifiedMs: (await stat(join(base, name))).mtimeMs });
      return out;
    },
    async putDir(prefix, render) {
      const dir = pathOf(root, prefix);
      await mkdir(dir, { recursive: true });
      await render(dir);
    },
  };
}

/** Where an API node or a worker pulls a private file for a moment (S3 mode), below its scratch directory. */
export const pulledPrivateDir = (scratchDir: string) => join(scratchDir, 'private');

/** S3 mode: objects below `prefix` in the bucket; local copies only for the length of one use, in scratch. */
export function storePrivateFiles(opts: {
  store: MediaStore;
  prefix: string;
  scratchDir: string;
}): PrivateFiles {
  const { store } = opts;
  const keyOf = (key: string) => `${opts.prefix}${assertKey(key)}`;
  /** A directory of its own, named by the process (cleanStalePulls) and held until `done`. */
  const scratch = async () => {
    await mkdir(pulledPrivateDir(opts.scratchDir), { recursive: true });
    const dir = await mkdtemp(join(pulledPrivateDir(opts.scratchDir), `${process.pid}-`));
    const unhold = holdScratch(dir);
    const done = async () => {
      await rm(dir, { recursive: true, force: true });
      unhold();
    };
    return { dir, done };
  };
  return {
    kind: 's3',
    put: (key, bytes) => store.putBytes(keyOf(key), bytes),
    exists: (key) => store.exists(keyOf(key)),
    read: (key) => bytesOf(store, keyOf(key)),
    async open(key) {
      const { dir, done: release } = await scratch();
      const file = join(dir, randomBytes(4).toString('hex'));
      try {
        if (await store.getToFile(keyOf(key), file)) return { file, release };
      } catch (err) {
        await release();
        throw err;
      }
      await release();
      return null;
    },
    async remove(key) {
      await store.deleteObject(keyOf(key));
      await store.deletePrefix(keyOf(key));
    },
    async list(dir) {
      const objects = await store.list(keyOf(dir));
      return objects
        .map((o) => ({ key: o.key.slice(opts.prefix.length), modifiedMs: o.modifiedMs ?? Date.now() }))
        .filter((o) => !o.key.slice(dir.length + 1).includes('/'));
    },
    async putDir(prefix, render) {
      const { dir, done } = await scratch();
      try {
        await render(dir);
        await store.putTree(keyOf(prefix), dir);
      } finally {
        await done();
      }
    },
  };
}
