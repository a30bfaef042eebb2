import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { TMP_SUFFIX } from '@vt/media';
import {
  assertKey,
  type ByteRange,
  joinKey,
  type MediaStore,
  type ObjectHead,
  type StoredObject,
} from './media-store';

export interface LocalMediaStoreOptions {
  /** MEDIA_DIR: keys are paths below it, exactly today's layout. */
  root: string;
  /** HMAC key of signed URLs (MEDIA_SECRET). */
  secret: string;
  /** Where signed URLs point: the route that serves them (`/store` → `/store/{exp}/{sig}/{key}`). */
  signedBase: string;
  ttlSec: number;
  /** Seconds since the epoch; tests move it. */
  now?: () => number;
}

/** Every regular file below `dir`, as `/`-separated paths relative to it, sorted. */
export async function walkFiles(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: string[] = [];
  for (const rel of entries) {
    if ((await stat(join(dir, rel))).isFile()) files.push(rel.split(sep).join('/'));
  }
  return files.sort();
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The media directory as a store: the embedded default. Paths, staging (`{name}.tmp`, renamed into place)
 * and files are what the pipeline wrote before the store existed; signed URLs are HMAC-signed and served
 * by the API itself.
 */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  constructor(private readonly opts: LocalMediaStoreOptions) {}

  private path(key: string): string {
    return join(this.opts.root, ...assertKey(key).split('/'));
  }

  async putFile(key: string, file: string): Promise<void> {
    const dest = this.path(key);
    await mkdir(dirname(dest), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const tmp = `${dest}.part-${randomBytes(4).toString('hex')}`;
    await copyFile(file, tmp);
    await rename(tmp, dest);
  }

  async putBytes(key: string, body: Buffer | string): Promise<void> {
    const dest = this.path(key);
    await mkdir(dirname(dest), { recursive: true });
    const tmp = `${dest}.part-${randomBytes(4).toString('hex')}`;
    await writeFile(tmp, body);
    await rename(tmp, dest);
  }

  async putTree(prefix: string, dir: string): Promise<number> {
    const files = await walkFiles(dir);
    for (const rel of files) await this.putFile(joinKey(prefix, rel), join(dir, rel));
    return files.length;
  }

  async getToFile(key: string, dest: string): Promise<boolean> {
    await mkdir(dirname(dest), { recursive: true });
    try {
      await copyFile(this.path(key), dest);
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async getTree(prefix: string, dir: string): Promise<number> {
    const objects = await this.list(prefix);
    const base = assertKey(prefix).replace(/\/+$/, '');
    for (const o of objects)
      await this.getToFile(o.key, join(dir, ...o.key.slice(base.length + 1).split('/')));
    return objects.length;
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!(await this.head(key))) return null;
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const st = await stat(this.path(key));
      return st.isFile() ? { size: st.size, sha256: null, etag: null } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const base = assertKey(prefix).replace(/\/+$/, '');
    const dir = this.path(base);
    const out: StoredObject[] = [];
    for (const rel of await walkFiles(dir)) {
      out.push({ key: `${base}/${rel}`, size: (await stat(join(dir, rel))).size });
    }
    return out;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const n = (await this.list(prefix)).length;
    await rm(this.path(prefix), { recursive: true, force: true });
    return n;
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private sign(exp: number, key: string): string {
    return createHmac('sha256', this.opts.secret).update(`store:${exp}:${key}`).digest('base64url');
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Math.floor(Date.now() / 1000);
  }

  async signedUrl(key: string, ttlSec = this.opts.ttlSec): Promise<string> {
    const exp = this.now() + ttlSec;
    const path = assertKey(key).split('/').map(encodeURIComponent).join('/');
    return `${this.opts.signedBase}/${exp}/${this.sign(exp, key)}/${path}`;
  }

  /**
   * The key a signed URL's path (below `signedBase`: `{exp}/{sig}/{key}`) opens, or null when it is
   * expired, altered or malformed.
   */
  verifySigned(rest: string): string | null {
    const m = /^(\d{1,12})\/([A-Za-z0-9_-]{43})\/(.+)$/.exec(rest);
    if (!m) return null;
    let key: string;
    try {
      key = assertKey(decodeURIComponent(m[3]));
    } catch {
      return null;
    }
    const exp = Number(m[1]);
    if (exp < this.now()) return null;
    const want = Buffer.from(this.sign(exp, key));
    const got = Buffer.from(m[2]);
    return want.length === got.length && timingSafeEqual(want, got) ? key : null;
  }

  publicUrl(): string | null {
    return null;
  }

  async stagingPrefix(name: string): Promise<string> {
    const staging = `${assertKey(name)}${TMP_SUFFIX}`;
    await rm(this.path(staging), { recursive: true, force: true });
    return staging;
  }

  async publish(name: string, staging: string): Promise<void> {
    const dest = this.path(name);
    // The old version is moved aside, not deleted first: the swap is two renames, never a missing ladder
    // while a large tree is removed.
    const aside = `${dest}.old-${randomBytes(4).toString('hex')}`;
    let hadOld = true;
    try {
      await rename(dest, aside);
    } catch (err) {
      if (!missing(err)) throw err;
      hadOld = false;
    }
    await mkdir(dirname(dest), { recursive: true });
    await rename(this.path(staging), dest);
    if (hadOld) await rm(aside, { recursive: true, force: true });
  }

  async current(name: string): Promise<string | null> {
    try {
      return (await stat(this.path(name))).isDirectory() ? assertKey(name) : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }
}
