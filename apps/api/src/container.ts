import { join } from 'node:path';
import { type DataLayer, type Db, sqliteDataLayer } from '@vt/db';
import type { Config } from './config';
import { createMediaStore } from './media-store/create-media-store';
import { createAgeAssurance } from './services/age-assurance/age-assurance.service';
import { createAlbumService } from './services/albums/album.service';
import { createAlbumEdit } from './services/albums/album-edit.service';
import { createAuditLog } from './services/audit/audit.service';
import { createAccountService } from './services/auth/account.service';
import { createAuthService } from './services/auth/auth.service';
import { createCaptcha } from './services/auth/captcha.service';
import {
  createExternalAuth,
  type ExternalProvider,
  googleProvider,
} from './services/auth/external-auth.service';
import { createKnownDevices } from './services/auth/known-device';
import { createMailer } from './services/auth/mailer';
import { createSessionService } from './services/auth/session.service';
import { createCatalogService } from './services/categories/catalog.service';
import { createCategoryCovers } from './services/categories/category-covers.service';
import { createChannelService } from './services/channels/channel.service';
import { createCommentService } from './services/community/comment.service';
import { createFriendsService } from './services/community/friends.service';
import { createMessagesService } from './services/community/messages.service';
import { createSubscribeService } from './services/community/subscribe.service';
import { createVotesService } from './services/community/votes.service';
import { createWallService } from './services/community/wall.service';
import { createJobQueue } from './services/jobs/job-queue';
import { createRateLimits } from './services/limits/rate-limits.service';
import { createMediaUrls } from './services/media/media-urls.service';
import { createAccountData } from './services/members/account-data.service';
import { createMemberList } from './services/members/member-directory.service';
import { createMemberProfiles } from './services/members/member-profile.service';
import { createProfileEditService } from './services/members/profile-edit.service';
import { createMemberListsService } from './services/members/saved-videos.service';
import { createModelService } from './services/models/model.service';
import { createModeration } from './services/moderation/index';
import { createReports } from './services/moderation/report-intake.service';
import { createNotifications } from './services/notifications/notifications.service';
import { createPlaylistService } from './services/playlists/playlist.service';
import { createPlaylistEditService } from './services/playlists/playlist-edit.service';
import { createBlocklists } from './services/screening/blocklists.service';
import { createFingerprints } from './services/screening/fingerprints.service';
import { createFts5Engine } from './services/search/fts5-engine';
import { createMeiliEngine } from './services/search/meili-engine';
import { createPostgresEngine } from './services/search/postgres-engine';
import { createSearchService } from './services/search/search.service';
import { createSitemaps } from './services/seo/sitemap.service';
import { type Clock, systemClock } from './services/shared/clock';
import { createPublicCaches } from './services/shared/public-caches';
import { createStatsRollup } from './services/stats/stats-rollup.service';
import { createViewStats } from './services/stats/view-stats.service';
import { createAlbumUploads } from './services/uploads/album-upload.service';
import { createIngest } from './services/uploads/ingest';
import { createMediaFree } from './services/uploads/media-free';
import { createPreviewImages } from './services/uploads/preview-image';
import { createRestorationRerun } from './services/uploads/restoration-rerun';
import { createUploadService } from './services/uploads/upload.service';
import { createDownloadService } from './services/videos/download.service';
import { createPlayerService } from './services/videos/player.service';
import { createProvenance } from './services/videos/provenance.service';
import { createPublishService } from './services/videos/publish.service';
import { createVideoService } from './services/videos/video.service';
import { createVideoListing } from './services/videos/video-listing.service';
import { createVideoVersions } from './services/videos/video-versions.service';

/** The one place every service, engine and adapter dependency is built and wired (the composition root). */
export interface ServiceDeps {
  db: Db;
  /** The Kysely data layer (ADR 0041); by default Kysely on db's SQLite connection. */
  data?: DataLayer;
  config: Pick<Config, 'mediaSecret' | 'mediaUrlTtl' | 'mediaDir' | 'mail' | 'publicOrigin'> &
    Partial<
      Pick<
        Config,
        | 'googleOAuth'
        | 'meili'
        | 'uploadsDir'
        | 'mediaStore'
        | 'ffmpegPath'
        | 'ffprobePath'
        | 'mediaLimits'
        | 'mediaSettings'
        | 'keepOriginals'
        | 'ageGate'
        | 'mediaSignature'
        | 'captcha'
        | 'dataDir'
        | 'rateLimitFactor'
        | 'downloads'
        | 'provenanceRequired'
      >
    >;
  /** Replaces the configured external sign-in provider (tests). */
  externalProvider?: ExternalProvider | null;
  clock?: Clock;
  /** Failures nobody awaits (a download remux a status poll started). */
  onError?: (err: unknown, context: Record<string, unknown>) => void;
}

/** Every service, wired from explicit dependencies: no module-level singletons. */
export function createServices({
  db,
  data,
  config,
  clock = systemClock,
  externalProvider,
  onError,
}: ServiceDeps) {
  const sqlite = db.$client;
  const urls = createMediaUrls({
    secret: config.mediaSecret,
    ttlSeconds: config.mediaUrlTtl,
    clock,
    scheme: config.mediaSignature,
  });
  const versions = createVideoVersions({ sqlite });
  const listing = createVideoListing({ sqlite, urls, clock, versions });
  const caches = createPublicCaches({ sqlite });
  const videos = createVideoService({ sqlite, urls, listing, caches, versions });
  const provenance = createProvenance({
    sqlite,
    clock,
    caches,
    audit: createAuditLog({ sqlite, clock }),
    required: config.provenanceRequired ?? false,
  });
  const mailer = createMailer(config.mail);
  // The aggregates on the data layer (ADR 0041) follow `data`: SQLite's connection, or PostgreSQL.
  const layer = data ?? sqliteDataLayer(sqlite);
  const factor = config.rateLimitFactor ?? 1;
  const limits = createRateLimits(
    layer.dialect === 'postgres' ? { pool: layer.pool, factor } : { sqlite, factor },
  );
  const jobs = createJobQueue({ data: layer, clock });
  const sessions = createSessionService({ sqlite, clock });
  const uploadsDir = config.uploadsDir ?? join(config.mediaDir, '..', 'uploads');
  // Meilisearch when configured; else full text in the database the data layer runs on (ADR 0045).
  const engine = config.meili
    ? createMeiliEngine({ sqlite, ...config.meili })
    : layer.dialect === 'postgres'
      ? createPostgresEngine({ sqlite, db: layer.db })
      : createFts5Engine(sqlite);
  const search = createSearchService({ sqlite, clock, engine, listing, jobs });
  const publish = createPublishService({
    sqlite,
    listing,
    caches,
    queueIndex: (ids) => search.queueIndex(ids),
    originals: { dir: uploadsDir, keep: config.keepOriginals ?? false },
  });
  const notifications = createNotifications({ sqlite, clock, jobs, mailer, origin: config.publicOrigin });
  const previews = createPreviewImages(uploadsDir);
  const account = createAccountService({
    sqlite,
    clock,
    sessions,
    mailer,
    origin: config.publicOrigin,
    limits,
  });
  // Near-duplicates by fingerprint, blocklists and quarantine (ADR 0034).
  const fingerprints = createFingerprints({ sqlite, clock, mediaDir: config.mediaDir });
  const blocklists = createBlocklists({
    sqlite,
    clock,
    mailer,
    audit: createAuditLog({ sqlite, clock }),
    fingerprints,
    mediaDir: config.mediaDir,
    uploadsDir,
    origin: config.publicOrigin,
  });
  const captcha = createCaptcha({
    secret: config.mediaSecret,
    cost: config.captcha?.cost ?? 1000,
    clock,
    sqlite,
  });
  // What the ingest and the restoration re-run both need to transcode a kept upload.
  // MEDIA_STORE (ADR 0042): the media directory, or an S3 bucket new ladders are published to.
  const mediaStore = createMediaStore({
    mediaStore: config.mediaStore ?? { kind: 'local' },
    mediaDir: config.mediaDir,
    mediaSecret: config.mediaSecret,
    mediaUrlTtl: config.mediaUrlTtl,
  });
  const transcoding = {
    sqlite,
    uploadsDir,
    previews,
    mediaDir: config.mediaDir,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    mediaLimits: config.mediaLimits,
    mediaSettings: config.mediaSettings,
  };
  return {
    caches,
    publish,
    notifications,
    moderation: createModeration({
      sqlite,
      clock,
      urls,
      publish,
      caches,
      notifications,
      sessions,
      origin: config.publicOrigin,
      previews,
      uploadsDir,
      mediaDir: config.mediaDir,
      jobs,
      beforeApprove: provenance.assertApprovable,
      mailer,
      fingerprints,
      nearDuplicates: fingerprints,
    }),
    provenance,
    fingerprints,
    blocklists,
    mediaFree: createMediaFree({ sqlite, mediaDir: config.mediaDir, uploadsDir }),
    restorationRerun: createRestorationRerun(transcoding),
    mailer,
    sessions,
    jobs,
    search,
    previews,
    uploads: createUploadService({ sqlite, clock, jobs, uploadsDir, previews }),
    albumUploads: createAlbumUploads({ sqlite, clock, mediaDir: config.mediaDir, caches }),
    albumEdit: createAlbumEdit({ sqlite, mediaDir: config.mediaDir, caches }),
    ingest: createIngest({
      ...transcoding,
      clock,
      provenance,
      screening: blocklists,
      store: mediaStore.kind === 's3' ? mediaStore : undefined,
    }),
    mediaStore,
    lists: createMemberListsService({ sqlite, clock }),
    playlistEdit: createPlaylistEditService({ sqlite, clock, caches }),
    votes: createVotesService({ sqlite, clock }),
    subscribe: createSubscribeService({ sqlite, clock, notifications }),
    friends: createFriendsService({ sqlite, clock, notifications }),
    messages: createMessagesService({ sqlite, clock, notifications }),
    profileEdit: createProfileEditService({ sqlite, clock, mediaDir: config.mediaDir, caches }),
    external: createExternalAuth({
      sqlite,
      clock,
      sessions,
      provider:
        externalProvider !== undefined
          ? externalProvider
          : config.googleOAuth
            ? googleProvider({ ...config.googleOAuth, redirectUri: `${config.publicOrigin}/api/.g.php` })
            : null,
    }),
    captcha,
    reports: createReports({
      sqlite,
      clock,
      captcha,
      dataDir: config.dataDir ?? join(config.mediaDir, '..'),
      limiter: limits.attempts('report'),
    }),
    ageAssurance: createAgeAssurance({ gate: config.ageGate, secret: config.mediaSecret, clock }),
    limits,
    auth: createAuthService({
      sqlite,
      clock,
      sessions,
      mailer,
      origin: config.publicOrigin,
      limits,
      devices: createKnownDevices({ secret: config.mediaSecret, clock }),
    }),
    account,
    accountData: createAccountData({ sqlite, clock, account, publish, caches, mediaDir: config.mediaDir }),
    clock,
    urls,
    downloads: createDownloadService({
      sqlite,
      urls,
      mediaDir: config.mediaDir,
      cacheDir: config.downloads?.cacheDir ?? join(config.mediaDir, '..', 'downloads'),
      maxCacheBytes: config.downloads?.maxCacheBytes ?? 10 * 1024 ** 3,
      concurrency: config.downloads?.concurrency ?? 2,
      ffmpegPath: config.ffmpegPath,
      ffprobePath: config.ffprobePath,
      mediaLimits: config.mediaLimits,
      onError,
    }),
    listing,
    videos,
    catalog: createCatalogService({ sqlite, caches }),
    sitemaps: createSitemaps({ sqlite, urls, origin: config.publicOrigin }),
    playlists: createPlaylistService({ sqlite, listing }),
    player: createPlayerService({ sqlite, clock }),
    members: createMemberList({ sqlite, clock }),
    profiles: createMemberProfiles({ sqlite, clock }),
    wall: createWallService({ sqlite, clock, notifications }),
    albums: createAlbumService({ sqlite }),
    models: createModelService({ sqlite, urls }),
    channels: createChannelService({ sqlite }),
    categoryCovers: createCategoryCovers({ sqlite, listing, caches }),
    comments: createCommentService({ sqlite, clock, notifications, versions }),
    versions,
    views: createViewStats({ sqlite, clock, limits }),
    rollup: createStatsRollup({ sqlite, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
