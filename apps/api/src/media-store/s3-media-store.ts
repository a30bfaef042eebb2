import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_FILES, mimeTypeFor } from '@vt/media';
import { walkFiles } from './local-media-store';
import {
  assertKey,
  type ByteRange,
  joinKey,
  type MediaStore,
  type ObjectHead,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
} from './media-store';
import type { S3StoreConfig } from './media-store-config';

/** The object naming a video's visible version: `{name}/CURRENT` holds `{"prefix": "{name}/v/{id}"}`. */
const POINTER = 'CURRENT';
/** Versions of a name live below `{name}/v/`. */
const VERSIONS = 'v';
/**
 * Files whose presence makes a flat (migrated) tree visible: a processed video's manifest, or the master
 * playlist of a demo loop (which has none). media:migrate copies them after everything else.
 */
export const FLAT_MARKERS = [MEDIA_FILES.manifest, MEDIA_FILES.master] as const;
/** Files at least this large go up in parts (lib-storage), several at once. */
const PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_CONCURRENCY = 4;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** The SDK client settings of a bucket (also those of tus's own client in S3 mode, hashing-s3-store.ts). */
export function s3ClientConfig(cfg: S3StoreConfig): S3ClientConfig {
  return {
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    // Checksums only where S3 demands them: MinIO, R2, Backblaze and s3rver do not all take the SDK's
    // default trailing CRC32 in aws-chunked bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function createS3Client(cfg: S3StoreConfig): S3Client {
  return new S3Client(s3ClientConfig(cfg));
}

/**
 * Runs `fn` over `items`, `limit` at a time. After a failure no new item starts, and the first error is
 * thrown once the calls under way have ended: nothing writes on after the caller has moved on (and, say,
 * removed the directory they write into).
 */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      try {
        await fn(items[next++]);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, Backblaze) through the AWS SDK v3 (ADR 0042). Keys are the
 * local layout's paths. A version of a video's media is written below `{name}/v/{id}/` and made visible by
 * rewriting one small pointer object, which S3 replaces atomically.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(
    private readonly cfg: S3StoreConfig,
    opts: { client?: S3Client; now?: () => number } = {},
  ) {
    this.client = opts.client ?? createS3Client(cfg);
    this.now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  }
  private readonly now: () => number;

  get bucket(): string {
    return this.cfg.bucket;
  }

  async putFile(key: string, file: string, opts: PutOptions = {}): Promise<void> {
    const upload = new Upload({
      client: this.client,
      partSize: PART_SIZE,
      queueSize: UPLOAD_CONCURRENCY,
      params: {
        Bucket: this.cfg.bucket,
        Key: assertKey(key),
        Body: createReadStream(file),
        ContentType: opts.contentType ?? mimeTypeFor(key),
        Metadata: opts.sha256 ? { sha256: opts.sha256 } : undefined,
      },
    });
    await upload.done();
  }

  async putBytes(key: string, body: Buffer | string, opts: PutOptions = {}): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: assertKey(key),
        Body: body,
        ContentType: opts.contentType ?? mimeTypeFor(key),
        Metadata: opts.sha256 ? { sha256: opts.sha256 } : undefined,
      }),
    );
  }

  async putTree(prefix: string, dir: string): Promise<number> {
    const files = await walkFiles(dir);
    await eachLimited(files, UPLOAD_CONCURRENCY, (rel) => this.putFile(joinKey(prefix, rel), join(dir, rel)));
    return files.length;
  }

  async getToFile(key: string, dest: string): Promise<boolean> {
    const body = await this.stream(key);
    if (!body) return false;
    await mkdir(dirname(dest), { recursive: true });
    const tmp = `${dest}.part-${randomBytes(4).toString('hex')}`;
    try {
      await pipeline(body, createWriteStream(tmp));
      await rename(tmp, dest);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return true;
  }

  async getTree(prefix: string, dir: string): Promise<number> {
    const base = assertKey(prefix).replace(/\/+$/, '');
    const objects = await this.list(base);
    await eachLimited(objects, UPLOAD_CONCURRENCY, async (o) => {
      await this.getToFile(o.key, join(dir, ...o.key.slice(base.length + 1).split('/')));
    });
    return objects.length;
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.cfg.bucket,
          Key: assertKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: assertKey(key) }),
      );
      return {
        size: res.ContentLength ?? 0,
        sha256: res.Metadata?.sha256 ?? null,
        etag: res.ETag ? res.ETag.replace(/"/g, '') : null,
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const base = `${assertKey(prefix).replace(/\/+$/, '')}/`;
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.cfg.bucket, Prefix: base, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? [])
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() });
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.cfg.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) {
        const first = res.Errors[0];
        throw new Error(`S3 delete failed for ${res.Errors.length} objects (${first.Key}: ${first.Code})`);
      }
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = (await this.list(prefix)).map((o) => o.key);
    await this.deleteKeys(keys);
    return keys.length;
  }

  async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: assertKey(key) }));
  }

  async signedUrl(key: string, ttlSec = this.cfg.urlTtlSec, opts: SignedUrlOptions = {}): Promise<string> {
    const get = new GetObjectCommand({
      Bucket: this.cfg.bucket,
      Key: assertKey(key),
      ResponseContentDisposition: opts.contentDisposition,
    });
    return getSignedUrl(this.client, get, {
      expiresIn: ttlSec,
      signingDate: new Date(this.now() * 1000),
    });
  }

  /** S3_PUBLIC_BASE_URL + key (a CDN or a public-read bucket) for public images; null when not configured. */
  publicUrl(key: string): string | null {
    if (!this.cfg.publicBaseUrl) return null;
    return `${this.cfg.publicBaseUrl.replace(/\/+$/, '')}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;
  }

  async stagingPrefix(name: string): Promise<string> {
    const id = `${this.now().toString(36)}-${randomBytes(6).toString('hex')}`;
    return `${assertKey(name)}/${VERSIONS}/${id}`;
  }

  async publish(name: string, staging: string): Promise<void> {
    const base = assertKey(name);
    if (!assertKey(staging).startsWith(`${base}/${VERSIONS}/`))
      throw new Error(`Staging prefix ${staging} is not a version of ${name}`);
    // The one write that makes the new version visible; everything before it was invisible.
    await this.putBytes(joinKey(base, POINTER), JSON.stringify({ prefix: staging }), {
      contentType: 'application/json',
    });
    // Then older versions (and a tree copied flat from local disk) go.
    const stale = (await this.list(base))
      .map((o) => o.key)
      .filter((k) => k !== `${base}/${POINTER}` && !k.startsWith(`${staging}/`));
    await this.deleteKeys(stale);
  }

  async current(name: string): Promise<string | null> {
    const base = assertKey(name);
    const body = await this.stream(joinKey(base, POINTER));
    if (body) {
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      const prefix = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { prefix?: unknown }).prefix;
      if (typeof prefix === 'string' && prefix.startsWith(`${base}/${VERSIONS}/`)) return assertKey(prefix);
      throw new Error(`Corrupt media pointer ${base}/${POINTER}`);
    }
    // A tree copied flat from local disk (media:migrate) is complete once its markers are there (copied last).
    for (const marker of FLAT_MARKERS) if (await this.exists(joinKey(base, marker))) return base;
    return null;
  }
}
