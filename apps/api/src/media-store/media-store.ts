import type { Readable } from 'node:stream';

/** One stored object as a listing reports it. */
export interface StoredObject {
  /** The key relative to the store's root, `/`-separated: `uploads/12/720p/seg-0001.m4s`. */
  key: string;
  size: number;
  /** When it was last written (ms since the epoch), where the store says. */
  modifiedMs?: number;
}

/** What is known of one stored object without reading it. */
export interface ObjectHead {
  size: number;
  /** The SHA-256 recorded when it was written with one (S3 metadata `sha256`); local files have none. */
  sha256: string | null;
  /** S3's ETag without quotes: the MD5 of a single-part upload, `{md5}-{parts}` of a multipart one. */
  etag: string | null;
}

export interface PutOptions {
  contentType?: string;
  /** Recorded beside the object, so a later copy can tell it already holds these bytes (media:migrate). */
  sha256?: string;
}

export interface SignedUrlOptions {
  /**
   * The Content-Disposition the object is answered with through this URL (S3's
   * `response-content-disposition`, signed with the rest): `attachment; filename="…"` saves it under that
   * name. The local store's URLs (answered by no app route) do not carry it.
   */
  contentDisposition?: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

/**
 * Where processed media lives: the local media directory (the embedded default) or an S3-compatible
 * bucket (ADR 0042). Keys are the paths below MEDIA_DIR today (`uploads/{id}/…`, `videos/…`), so a
 * local tree copies to a bucket key for key (npm run media:migrate).
 *
 * A video's ladder is written under a staging prefix and made visible in one step (`publish`); readers
 * find the visible version through `current`, so a half-written ladder is never served.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  putFile(key: string, file: string, opts?: PutOptions): Promise<void>;
  putBytes(key: string, body: Buffer | string, opts?: PutOptions): Promise<void>;
  /** Every file below `dir`, as `prefix/<relative path>`; answers how many were written. */
  putTree(prefix: string, dir: string): Promise<number>;
  /** Writes the object to a local file (parents made); false when there is no such object. */
  getToFile(key: string, dest: string): Promise<boolean>;
  /** Every object below `prefix` into `dir`, keeping the relative paths; answers how many. */
  getTree(prefix: string, dir: string): Promise<number>;
  /** The object's bytes (a range of them when asked), or null when there is no such object. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<ObjectHead | null>;
  exists(key: string): Promise<boolean>;
  /** Every object below `prefix` (a directory-like prefix: `uploads/12` lists `uploads/12/…`), sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes every object below `prefix`; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  deleteObject(key: string): Promise<void>;
  /** A URL that serves the object until `ttlSec` from now and is refused after, or when altered. */
  signedUrl(key: string, ttlSec?: number, opts?: SignedUrlOptions): Promise<string>;
  /** A plain URL for a public object (S3_PUBLIC_BASE_URL: a CDN or public-read bucket), or null: sign it or serve it. */
  publicUrl(key: string): string | null;
  /** A fresh, invisible prefix to write the next version of `name` (a video's media path) into. */
  stagingPrefix(name: string): Promise<string>;
  /** Makes what was written under `staging` the visible version of `name` in one step; older versions go. */
  publish(name: string, staging: string): Promise<void>;
  /** The prefix the visible version of `name` lives under, or null when none was published. */
  current(name: string): Promise<string | null>;
}

/** Keys are relative, `/`-separated, without empty, `.` or `..` segments: a key never leaves the store's root. */
export function assertKey(key: string): string {
  if (key.length === 0 || key.length > 1024 || key.includes('\\') || key.includes('\0'))
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return key;
}

/** `a/b` + `c/d` → `a/b/c/d`, checked. */
export function joinKey(prefix: string, rel: string): string {
  return assertKey(`${prefix.replace(/\/+$/, '')}/${rel.replace(/^\/+/, '')}`);
}

/** A whole (small) object's bytes, or null when there is no such object or the key is not a valid one. */
export async function bytesOf(store: MediaStore, key: string): Promise<Buffer | null> {
  let body: Readable | null;
  try {
    body = await store.stream(assertKey(key));
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('Invalid media key')) return null;
    throw err;
  }
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
