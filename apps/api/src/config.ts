import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MediaStoreEnv, mediaStoreConfig } from './media-store/media-store-config';
import { parseAgeGateCountries } from './services/age-assurance/age-gate-countries';
import type { AgeAssuranceConfig } from './services/age-assurance/providers';
import { loadNetworkConfig } from './services/network/network-config';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_FILE: z.string().optional(),
  /** postgres://user:pass@host:5432/db: PostgreSQL instead of the SQLite file (ADR 0041). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections each process keeps to PostgreSQL: API nodes × this + workers × this stays under max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MEDIA_DIR: z.string().optional(),
  MEDIA_SECRET: z.string().min(16).optional(),
  MEDIA_URL_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 3600),
  /** hmac (default) or nginx: sign media URLs in the form nginx's secure_link module checks (docs/operations.md). */
  MEDIA_SIGNATURE: z.enum(['hmac', 'nginx']).default('hmac'),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** Address-space ceiling of every ffprobe/ffmpeg run (prlimit --as), in MB; 0: none. */
  MEDIA_MAX_MEMORY_MB: z.coerce.number().int().min(0).default(4096),
  /** A transcode may take MEDIA_TIMEOUT_FLOOR_SECONDS + MEDIA_TIMEOUT_FACTOR × the source duration. */
  MEDIA_TIMEOUT_FACTOR: z.coerce.number().min(0).default(10),
  MEDIA_TIMEOUT_FLOOR_SECONDS: z.coerce.number().int().min(1).default(120),
  /** The ladder's segments for new transcodes: fmp4 (CMAF, default) or mpegts (ADR 0038). */
  MEDIA_SEGMENTS: z.enum(['fmp4', 'mpegts']).default('fmp4'),
  /** 1: an AV1 rendition set (libsvtav1) beside the H.264 one for new transcodes (ADR 0038; off by default). */
  MEDIA_AV1: bool,
  /** Where MP4 downloads remuxed from the ladder are kept (a cache; default DATA_DIR/downloads). */
  DOWNLOAD_CACHE_DIR: z.string().optional(),
  /** The download cache is trimmed to this size, least recently downloaded first. */
  DOWNLOAD_CACHE_MB: z.coerce.number().int().min(0).default(10_240),
  /** Remuxes for downloads one node runs at once. */
  DOWNLOAD_REMUX_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CACHE_MAX_MB: z.coerce.number().int().min(0).default(64),
  CACHE_MAX_TTL: z.coerce.number().int().min(0).default(600),
  /** Seconds an anonymous page is kept and may be kept by browsers and CDNs; 0 turns the page cache off. */
  PAGE_CACHE_TTL: z.coerce.number().int().min(0).default(60),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).default(64),
  /**
   * Seconds past PAGE_CACHE_TTL a page may still be sent while one render replaces it in the background;
   * purges drop it all the same. 0: an expired page is rendered again before it is sent.
   */
  PAGE_CACHE_STALE: z.coerce.number().int().min(0).default(120),
  /** 1: anonymous pages are `public` (a CDN may hold them); 0: `private` (browsers only). */
  PAGE_CACHE_SHARED: bool,
  /** HTML, JSON and other text answers at least this large are compressed (brotli or gzip). */
  COMPRESS_MIN_BYTES: z.coerce.number().int().min(0).default(1024),
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /** Read COUNTRY_HEADER although TRUST_PROXY is off (a CDN that sets it in front of a direct node). */
  TRUST_COUNTRY_HEADER: bool,
  /** A local MMDB country database (GeoLite2-Country, DB-IP Country Lite) for visitors no trusted header places. */
  GEOIP_DATABASE: z.string().optional(),
  DEFAULT_COUNTRY: z.string().length(2).default('us'),
  TRUST_PROXY: bool,
  WEB_BUILD_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('VintageTube <no-reply@localhost>'),
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
  /** Serve the outbox at /dev/mail.json: on by default only outside production (it holds restore links). */
  MAIL_OUTBOX_PUBLIC: bool,
  MEILI_HOST: z.url().optional(),
  MEILI_MASTER_KEY: z.string().optional(),
  MEILI_INDEX: z.string().default('videos'),
  /** JSON object of synonym lists, e.g. {"movie":["film","reel"]}. */
  MEILI_SYNONYMS: z.string().optional(),
  /** Keep uploaded originals after approval (default: delete them once the video is published). */
  KEEP_ORIGINALS: bool,
  /** tus chunk size the upload page uses, in MB: under a proxy's body limit. */
  UPLOAD_CHUNK_MB: z.coerce.number().int().min(1).max(1024).default(50),
  WORKER_INLINE: bool,
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Seconds a claimed job stays a worker's without a sign of life before another may take it. */
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Sister sites, network and partner links, the partner slider and ad zones (JSON); default: the demo network. */
  NETWORK_CONFIG: z.string().optional(),
  /** Where partner feeds `videos.{key}.json` for `/static/tf/` live. */
  PARTNER_FEEDS_DIR: z.string().optional(),
  /** Where the age gate applies: ISO codes, `eu` (the 27 member states), `unknown`, or `*` for everyone. */
  AGE_GATE_COUNTRIES: z.string().default('eu,us,gb,unknown'),
  /** How a visitor proves age: `modal` (self-declaration) or `redirect` (a certified provider, signed callback). */
  AGE_ASSURANCE: z.enum(['modal', 'redirect']).default('modal'),
  AGE_ASSURANCE_URL: z.url().optional(),
  AGE_ASSURANCE_SECRET: z.string().min(32).optional(),
  /** Where the redirect provider is needed (same syntax); the other gated countries keep the modal. */
  AGE_ASSURANCE_COUNTRIES: z.string().default('*'),
  /** The 2257 page: Custodian of Records and whether the archive predates July 3, 1995. */
  RECORDS_CUSTODIAN_NAME: z.string().optional(),
  /** Address lines separated by `;`. */
  RECORDS_CUSTODIAN_ADDRESS: z.string().optional(),
  RECORDS_PRE_1995: z.enum(['all', 'some', 'none']).default('some'),
  /** `1`: moderators cannot approve a video without a complete provenance record (ADR 0036). */
  PROVENANCE_REQUIRED: z.enum(['0', '1']).default('0'),
  /** PBKDF2 iterations per attempt of the contact form's ALTCHA proof of work (about 2,000 attempts each). */
  CAPTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Multiplies every abuse limit's allowance (services/limits/limits.ts); 0 turns them off (load tests). */
  RATE_LIMIT_FACTOR: z.coerce.number().min(0).max(1000).default(1),
  /** MEDIA_STORE and the S3_* settings (media-store/media-store-config.ts, ADR 0042). */
  ...MediaStoreEnv.shape,
});

export type Config = ReturnType<typeof loadConfig>;

/** The address-space ceiling the AV1 set needs (measured: five 1080p→240p SVT-AV1 encoders fail at 4 GB). */
export const AV1_MIN_MEMORY_MB = 8192;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Five SVT-AV1 encoders reserve more address space than 4 GB; below the ceiling one cannot start a
  // thread and ffmpeg hangs until the transcode's time limit (ADR 0038).
  if (e.MEDIA_AV1 && e.MEDIA_MAX_MEMORY_MB > 0 && e.MEDIA_MAX_MEMORY_MB < AV1_MIN_MEMORY_MB) {
    throw new Error(
      `Invalid configuration:\n  MEDIA_AV1: needs MEDIA_MAX_MEMORY_MB of at least ${AV1_MIN_MEMORY_MB} (or 0)`,
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseFile: resolve(e.DATABASE_FILE ?? join(dataDir, 'site.db')),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mediaDir: resolve(e.MEDIA_DIR ?? join(dataDir, 'media')),
    /** tus uploads in progress and finished originals awaiting processing. */
    uploadsDir: join(dataDir, 'uploads'),
    mediaSecret: e.MEDIA_SECRET ?? persistentSecret(dataDir),
    mediaUrlTtl: e.MEDIA_URL_TTL,
    mediaSignature: e.MEDIA_SIGNATURE,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    mediaLimits: {
      memoryBytes: e.MEDIA_MAX_MEMORY_MB > 0 ? e.MEDIA_MAX_MEMORY_MB * 1024 * 1024 : null,
      timeoutFactor: e.MEDIA_TIMEOUT_FACTOR,
      timeoutFloorSec: e.MEDIA_TIMEOUT_FLOOR_SECONDS,
    },
    /** What new transcodes write (ADR 0038); ladders already written stay as they are. */
    mediaSettings: { segmentType: e.MEDIA_SEGMENTS, av1: { enabled: e.MEDIA_AV1 ?? false } },
    downloads: {
      cacheDir: resolve(e.DOWNLOAD_CACHE_DIR ?? join(dataDir, 'downloads')),
      maxCacheBytes: e.DOWNLOAD_CACHE_MB * 1024 * 1024,
      concurrency: e.DOWNLOAD_REMUX_CONCURRENCY,
    },
    logLevel: e.LOG_LEVEL,
    cacheMaxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    cacheMaxTtl: e.CACHE_MAX_TTL,
    pageCache: {
      ttlSeconds: e.PAGE_CACHE_TTL,
      staleSeconds: e.PAGE_CACHE_STALE,
      maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024,
      shared: e.PAGE_CACHE_SHARED ?? true,
    },
    compressMinBytes: e.COMPRESS_MIN_BYTES,
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    /** Anyone can send the header: it counts only when a proxy or CDN in front is trusted to set it. */
    trustCountryHeader: e.TRUST_COUNTRY_HEADER ?? e.TRUST_PROXY ?? false,
    geoipDatabase: e.GEOIP_DATABASE ? resolve(e.GEOIP_DATABASE) : null,
    defaultCountry: e.DEFAULT_COUNTRY.toLowerCase(),
    trustProxy: e.TRUST_PROXY ?? false,
    webBuildDir: resolve(e.WEB_BUILD_DIR ?? 'apps/web/build'),
    mail: {
      transport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: join(dataDir, 'mail'),
      outboxPublic: e.MAIL_OUTBOX_PUBLIC ?? e.NODE_ENV !== 'production',
    } as const,
    meili: e.MEILI_HOST
      ? {
          host: e.MEILI_HOST,
          apiKey: e.MEILI_MASTER_KEY,
          index: e.MEILI_INDEX,
          synonyms: e.MEILI_SYNONYMS ? (JSON.parse(e.MEILI_SYNONYMS) as Record<string, string[]>) : {},
        }
      : null,
    uploadChunkBytes: e.UPLOAD_CHUNK_MB * 1024 * 1024,
    keepOriginals: e.KEEP_ORIGINALS ?? false,
    worker: {
      inline: e.WORKER_INLINE ?? true,
      concurrency: e.WORKER_CONCURRENCY,
      leaseSeconds: e.WORKER_LEASE_SECONDS,
    },
    network: loadNetworkConfig(e.NETWORK_CONFIG),
    partnerFeedsDir: resolve(e.PARTNER_FEEDS_DIR ?? join(dataDir, 'tf')),
    /** External sign-in (`/api/.g.php`): only when both Google credentials are set. */
    googleOAuth:
      e.OAUTH_GOOGLE_CLIENT_ID && e.OAUTH_GOOGLE_CLIENT_SECRET
        ? { clientId: e.OAUTH_GOOGLE_CLIENT_ID, clientSecret: e.OAUTH_GOOGLE_CLIENT_SECRET }
        : null,
    ageGate: {
      ...parseAgeGateCountries(e.AGE_GATE_COUNTRIES),
      assurance: ageAssuranceConfig(e),
    },
    records2257: {
      custodian: e.RECORDS_CUSTODIAN_NAME
        ? [e.RECORDS_CUSTODIAN_NAME, ...(e.RECORDS_CUSTODIAN_ADDRESS ?? '').split(';')]
            .map((line) => line.trim())
            .filter(Boolean)
        : null,
      pre1995: e.RECORDS_PRE_1995,
    },
    provenanceRequired: e.PROVENANCE_REQUIRED === '1',
    captcha: { cost: e.CAPTCHA_COST },
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    /** Where processed media lives: MEDIA_DIR, or an S3-compatible bucket (ADR 0042). */
    mediaStore: mediaStoreConfig(e),
  };
}

function ageAssuranceConfig(e: z.infer<typeof EnvSchema>): AgeAssuranceConfig {
  if (e.AGE_ASSURANCE === 'modal') return { method: 'modal' };
  if (!e.AGE_ASSURANCE_URL || !e.AGE_ASSURANCE_SECRET)
    throw new Error(
      'Invalid configuration:\n  AGE_ASSURANCE=redirect needs AGE_ASSURANCE_URL and AGE_ASSURANCE_SECRET (32+ characters)',
    );
  return {
    method: 'redirect',
    url: e.AGE_ASSURANCE_URL,
    secret: e.AGE_ASSURANCE_SECRET,
    countries: parseAgeGateCountries(e.AGE_ASSURANCE_COUNTRIES, 'AGE_ASSURANCE_COUNTRIES'),
  };
}

/** A secret that survives restarts without configuration, so signed media URLs stay valid. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, '.media-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
