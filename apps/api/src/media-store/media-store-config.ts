import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** The media store's settings (ADR 0042), merged into config.ts's EnvSchema. */
export const MediaStoreEnv = z.object({
  /** local (default): MEDIA_DIR on this machine; s3: an S3-compatible bucket (the S3_* settings). */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /** The S3 API's base URL (MinIO, R2, Backblaze, s3rver); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** 1: `endpoint/bucket/key` URLs (MinIO, s3rver); 0: `bucket.endpoint/key` (AWS, R2). */
  S3_FORCE_PATH_STYLE: bool,
  /** A CDN or public-read base for thumbnails and previews; unset: they are signed like the ladder. */
  S3_PUBLIC_BASE_URL: z.url().optional(),
  /** Lifetime of a presigned media URL: short, so a takedown's URLs die soon after the playlist stops being issued. */
  S3_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
  /**
   * Where tus keeps uploads in flight and finished originals in the bucket (`{prefix}{id}`, `.info`,
   * `.part`): apart from processed media (`uploads/{video id}/…`), so a lifecycle rule can target it alone.
   */
  S3_UPLOADS_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)+$/, 'path segments ending in /, e.g. tus-uploads/')
    .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'no . or .. segments')
    .default('tus-uploads/'),
});

export type MediaStoreEnv = z.infer<typeof MediaStoreEnv>;

export interface S3StoreConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  publicBaseUrl: string | undefined;
  urlTtlSec: number;
  /** The key prefix of tus uploads (S3_UPLOADS_PREFIX), ending in `/`. */
  uploadsPrefix: string;
}

export type MediaStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreConfig);

/** S3 bucket names: 3–63 lowercase letters, digits, dots and hyphens, starting and ending alphanumeric. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The store's config, or an error naming every missing or bad S3 setting (the process refuses to start). */
export function mediaStoreConfig(e: MediaStoreEnv): MediaStoreConfig {
  if (e.MEDIA_STORE === 'local') return { kind: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required when MEDIA_STORE=s3');
  else if (!BUCKET.test(e.S3_BUCKET)) problems.push('S3_BUCKET: not a valid bucket name');
  if (!e.S3_ACCESS_KEY_ID) problems.push('S3_ACCESS_KEY_ID: required when MEDIA_STORE=s3');
  if (!e.S3_SECRET_ACCESS_KEY) problems.push('S3_SECRET_ACCESS_KEY: required when MEDIA_STORE=s3');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicBaseUrl: e.S3_PUBLIC_BASE_URL,
    urlTtlSec: e.S3_URL_TTL_SECONDS,
    uploadsPrefix: e.S3_UPLOADS_PREFIX,
  };
}

/**
 * Origins a page must allow (CSP connect-src, media-src, img-src) for media redirected to the bucket: the
 * presigned URLs' origin (path style: the endpoint; otherwise `{bucket}.{endpoint host}`) and the public base.
 */
export function mediaStoreOrigins(cfg: MediaStoreConfig): string[] {
  if (cfg.kind !== 's3') return [];
  const endpoint = new URL(cfg.endpoint ?? `https://s3.${cfg.region}.amazonaws.com`);
  const origins = new Set([
    cfg.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${cfg.bucket}.${endpoint.host}`,
  ]);
  if (cfg.publicBaseUrl) origins.add(new URL(cfg.publicBaseUrl).origin);
  return [...origins];
}
