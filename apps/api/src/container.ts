import { join } from 'node:path';
import { type DataLayer, type Db, sqliteDataLayer } from '@vt/db';
import type { Config } from './config';
import { createMediaStore } from './media-store/create-media-store';
import { createVideoFiles } from './media-store/video-files';
import { createAgeAssurance } from './services/age-assurance/age-assurance.service';
import { createAlbumService } from './services/albums/album.service';
import { createAlbumEdit } from './services/albums/album-edit.service';
import { createAlbumsRepository } from './services/albums/albums.repository';
import { createAuditRepository } from './services/audit/audit.repository';
import { createAuditLog } from './services/audit/audit.service';
import { createAccountService } from './services/auth/account.service';
import { createAuthService } from './services/auth/auth.service';
import { createCaptchaRepository } from './services/auth/captcha.repository';
import { createCaptcha } from './services/auth/captcha.service';
import {
  createExternalAuth,
  type ExternalProvider,
  googleProvider,
} from './services/auth/external-auth.service';
import { createKnownDevices } from './services/auth/known-device';
import { createMailer } from './services/auth/mailer';
import { createSessionService } from './services/auth/session.service';
import { createSessionsRepository } from './services/auth/sessions.repository';
import { createCatalogService } from './services/categories/catalog.service';
import { createCategoriesRepository } from './services/categories/categories.repository';
import { createCategoryCovers } from './services/categories/category-covers.service';
import { createChannelService } from './services/channels/channel.service';
import { createChannelsRepository } from './services/channels/channels.repository';
import { createCommentService } from './services/community/comment.service';
import { createCommentsRepository } from './services/community/comments.repository';
import { createFriendsRepository } from './services/community/friends.repository';
import { createFriendsService } from './services/community/friends.service';
import { createMessagesRepository } from './services/community/messages.repository';
import { createMessagesService } from './services/community/messages.service';
import { createSubscribeService } from './services/community/subscribe.service';
import { createSubscriptionsRepository } from './services/community/subscriptions.repository';
import { createVotesRepository } from './services/community/votes.repository';
import { createVotesService } from './services/community/votes.service';
import { createWallRepository } from './services/community/wall.repository';
import { createWallService } from './services/community/wall.service';
import { createJobQueue } from './services/jobs/job-queue';
import { createRateLimits } from './services/limits/rate-limits.service';
import { createMediaUrls } from './services/media/media-urls.service';
import { createAccountDataRepository } from './services/members/account-data.repository';
import { createAccountData } from './services/members/account-data.service';
import { createMemberList } from './services/members/member-directory.service';
import { createMemberProfiles } from './services/members/member-profile.service';
import { createMembersRepository } from './services/members/members.repository';
import { createProfileEditService } from './services/members/profile-edit.service';
import { createSavedVideosRepository } from './services/members/saved-videos.repository';
import { createMemberListsService } from './services/members/saved-videos.service';
import { createModelService } from './services/models/model.service';
import { createModelsRepository } from './services/models/models.repository';
import { createModeration } from './services/moderation/index';
import { createReports } from './services/moderation/report-intake.service';
import { createReportsRepository } from './services/moderation/reports.repository';
import { createNotificationsRepository } from './services/notifications/notifications.repository';
import { createNotifications } from './services/notifications/notifications.service';
import { createPlaylistService } from './services/playlists/playlist.service';
import { createPlaylistEditService } from './services/playlists/playlist-edit.service';
import { createPlaylistsRepository } from './services/playlists/playlists.repository';
import { createBlocklistsRepository } from './services/screening/blocklists.repository';
import { createBlocklists } from './services/screening/blocklists.service';
import { createFingerprintsRepository } from './services/screening/fingerprints.repository';
import { createFingerprints } from './services/screening/fingerprints.service';
import { createFts5Engine } from './services/search/fts5-engine';
import { createMeiliEngine } from './services/search/meili-engine';
import { createPostgresEngine } from './services/search/postgres-engine';
import { createSearchRepository } from './services/search/search.repository';
import { createSearchService } from './services/search/search.service';
import { createSitemapRepository } from './services/seo/sitemap.repository';
import { createSitemaps } from './services/seo/sitemap.service';
import { createCacheEpochRepository } from './services/shared/cache-epoch.repository';
import { type Clock, systemClock } from './services/shared/clock';
import { createPublicCaches } from './services/shared/public-caches';
import { createStatsRollup } from './services/stats/stats-rollup.service';
import { createViewStats } from './services/stats/view-stats.service';
import { createViewsRepository } from './services/stats/views.repository';
import { createAlbumUploads } from './services/uploads/album-upload.service';
import { createIngest } from './services/uploads/ingest';
import { createMediaFree } from './services/uploads/media-free';
import { createPreviewImages } from './services/uploads/preview-image';
import { localPrivateFiles, storePrivateFiles } from './services/uploads/private-files';
import { createRestorationRerun } from './services/uploads/restoration-rerun';
import { createTusStorage } from './services/uploads/tus/tus-storage';
import { createUploadService } from './services/uploads/upload.service';
import { createUploadsRepository } from './services/uploads/uploads.repository';
import { createDownloadRepository } from './services/videos/download.repository';
import { createDownloadService } from './services/videos/download.service';
import { createListingRepository } from './services/videos/listing.repository';
import { createPlayerService } from './services/videos/player.service';
import { createProvenanceRepository } from './services/videos/provenance.repository';
import { createProvenance } from './services/videos/provenance.service';
import { createPublishRepository } from './services/videos/publish.repository';
import { createPublishService } from './services/videos/publish.service';
import { createStoreDownloadService } from './services/videos/store-download.service';
import { createVideoService } from './services/videos/video.service';
import { createVideoListing } from './services/videos/video-listing.service';
import { createVideoVersions } from './services/videos/video-versions.service';
import { createVideosRepository } from './services/videos/videos.repository';

/** The one place every service, engine and adapter dependency is built and wired (the composition root). */
export interface ServiceDeps {
  /** The site's database (ADR 0041): Kysely on SQLite's connection or on PostgreSQL. */
  data?: DataLayer;
  /** Or a SQLite site's drizzle handle, whose connection the data layer then runs on (tests). */
  db?: Db;
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
  const urls = createMediaUrls({
    secret: config.mediaSecret,
    ttlSeconds: config.mediaUrlTtl,
    clock,
    scheme: config.mediaSignature,
  });
  // The aggregates on the data layer (ADR 0041) follow `data`: SQLite's connection, or PostgreSQL.
  const layer = data ?? (db ? sqliteDataLayer(db.$client) : null);
  if (!layer) throw new Error('createServices needs the data layer (data) or a SQLite handle (db)');
  const audit = createAuditLog({ repo: createAuditRepository(layer), clock });
  const videosRepository = createVideosRepository(layer);
  const versions = createVideoVersions({ repository: videosRepository });
  const caches = createPublicCaches({ repo: createCacheEpochRepository(layer) });
  const listing = createVideoListing({
    repository: createListingRepository(layer),
    urls,
    clock,
    versions,
    caches,
  });
  const videos = createVideoService({ repository: videosRepository, urls, listing, caches, versions });
  const mailer = createMailer(config.mail);
  const factor = config.rateLimitFactor ?? 1;
  const limits = createRateLimits({ data: layer, factor });
  const jobs = createJobQueue({ data: layer, clock });
  const modelRows = createModelsRepository(layer);
  const categoryRows = createCategoriesRepository(layer);
  const playlists = createPlaylistsRepository(layer);
  const albums = createAlbumsRepository(layer);
  const sessions = createSessionService({ repo: createSessionsRepository(layer), clock });
  const memberRows = createMembersRepository(layer);
  const saved = createSavedVideosRepository(layer);
  const provenance = createProvenance({
    repo: createProvenanceRepository(layer),
    clock,
    caches,
    required: config.provenanceRequired ?? false,
  });
  const uploadsDir = config.uploadsDir ?? join(config.mediaDir, '..', 'uploads');
  // Meilisearch when configured; else full text in the database the data layer runs on (ADR 0045).
  const searchRepo = createSearchRepository(layer);
  const engine = config.meili
    ? createMeiliEngine({ repo: searchRepo, ...config.meili })
    : layer.dialect === 'postgres'
      ? createPostgresEngine({ repo: searchRepo, db: layer.db })
      : createFts5Engine(layer.sqlite);
  const search = createSearchService({ repo: searchRepo, clock, engine, listing, jobs });
  const publish = createPublishService({
    repo: createPublishRepository(layer),
    clock,
    listing,
    caches,
    queueIndex: (ids) => search.queueIndex(ids),
    originals: { remove: (id) => tus.source.remove(id), keep: config.keepOriginals ?? false },
  });
  const notifications = createNotifications({
    repo: createNotificationsRepository(layer),
    clock,
    jobs,
    mailer,
    origin: config.publicOrigin,
  });
  const account = createAccountService({
    members: memberRows,
    clock,
    sessions,
    mailer,
    origin: config.publicOrigin,
    limits,
  });
  // MEDIA_STORE (ADR 0042): the media directory, or an S3 bucket new ladders are published to.
  const mediaStore = createMediaStore({
    mediaStore: config.mediaStore ?? { kind: 'local' },
    mediaDir: config.mediaDir,
    mediaSecret: config.mediaSecret,
    mediaUrlTtl: config.mediaUrlTtl,
  });
  // The files of a video's processed directory the API reads: below MEDIA_DIR, or in the bucket.
  const videoFiles = createVideoFiles(mediaStore, config.mediaDir);
  // Near-duplicates by fingerprint, blocklists and quarantine (ADR 0034).
  const fingerprints = createFingerprints({
    repo: createFingerprintsRepository(layer),
    clock,
    videoFiles,
  });
  const blocklists = createBlocklists({
    repo: createBlocklistsRepository(layer),
    clock,
    mailer,
    fingerprints,
    videoFiles,
    removeMedia: (mediaPath) => mediaStore.deletePrefix(mediaPath),
    uploadOriginals: { remove: (id) => tus.source.remove(id) },
    origin: config.publicOrigin,
  });
  const captcha = createCaptcha({
    secret: config.mediaSecret,
    cost: config.captcha?.cost ?? 1000,
    clock,
    repo: createCaptchaRepository(layer),
  });
  // What the ingest and the restoration re-run both need to transcode a kept upload.
  const uploadsRepo = createUploadsRepository(layer);
  // tus uploads: the uploads directory, or the bucket under S3_UPLOADS_PREFIX (issue 22).
  const tus = createTusStorage({
    mediaStore: config.mediaStore ?? { kind: 'local' },
    store: mediaStore,
    uploadsDir,
    scratchDir: config.mediaDir,
  });
  // Uploaders' preview images and pending edits' images: the uploads directory, or the bucket (S3 mode).
  const previews = createPreviewImages(
    config.mediaStore?.kind === 's3'
      ? storePrivateFiles({
          store: mediaStore,
          prefix: config.mediaStore.uploadsPrefix,
          scratchDir: config.mediaDir,
        })
      : localPrivateFiles(uploadsDir),
  );
  // Images attached to reports: DATA_DIR/reports, or the same private prefix of the bucket (S3 mode).
  const reportFiles =
    config.mediaStore?.kind === 's3'
      ? previews.files
      : localPrivateFiles(config.dataDir ?? join(config.mediaDir, '..'));
  const s3Store = mediaStore.kind === 's3' ? mediaStore : undefined;
  const transcoding = {
    repo: uploadsRepo,
    source: tus.source,
    store: s3Store,
    previews,
    mediaDir: config.mediaDir,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    mediaLimits: config.mediaLimits,
    mediaSettings: config.mediaSettings,
  };
  const viewsRepo = createViewsRepository(layer);
  return {
    caches,
    publish,
    notifications,
    moderation: createModeration({
      audit,
      clock,
      urls,
      publish,
      caches,
      notifications,
      sessions,
      origin: config.publicOrigin,
      previews,
      videoFiles,
      media: mediaStore,
      originals: tus.source,
      jobs,
      beforeApprove: provenance.assertApprovable,
      mailer,
      fingerprints,
      nearDuplicates: fingerprints,
      data: layer,
    }),
    provenance,
    fingerprints,
    blocklists,
    mediaFree: createMediaFree({ repo: uploadsRepo, media: mediaStore, originals: tus.source }),
    restorationRerun: createRestorationRerun(transcoding),
    mailer,
    sessions,
    jobs,
    search,
    previews,
    reportFiles,
    uploads: createUploadService({ repo: uploadsRepo, clock, jobs, source: tus.source, previews }),
    tus,
    albumUploads: createAlbumUploads({ albums, clock, media: mediaStore, caches }),
    albumEdit: createAlbumEdit({ albums, media: mediaStore, caches }),
    ingest: createIngest({
      ...transcoding,
      clock,
      provenance,
      screening: blocklists,
    }),
    mediaStore,
    videoFiles,
    lists: createMemberListsService({ saved, clock }),
    playlistEdit: createPlaylistEditService({ playlists, clock, caches }),
    votes: createVotesService({ votes: createVotesRepository(layer), clock }),
    subscribe: createSubscribeService({
      subscriptions: createSubscriptionsRepository(layer),
      clock,
      notifications,
    }),
    friends: createFriendsService({ friends: createFriendsRepository(layer), clock, notifications }),
    messages: createMessagesService({ messages: createMessagesRepository(layer), clock, notifications }),
    profileEdit: createProfileEditService({ members: memberRows, clock, media: mediaStore, caches }),
    external: createExternalAuth({
      members: memberRows,
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
      repo: createReportsRepository(layer),
      clock,
      captcha,
      files: reportFiles,
      limiter: limits.attempts('report'),
    }),
    ageAssurance: createAgeAssurance({ gate: config.ageGate, secret: config.mediaSecret, clock }),
    limits,
    auth: createAuthService({
      members: memberRows,
      clock,
      sessions,
      mailer,
      origin: config.publicOrigin,
      limits,
      devices: createKnownDevices({ secret: config.mediaSecret, clock }),
    }),
    account,
    accountData: createAccountData({
      repo: createAccountDataRepository(layer),
      clock,
      account,
      publish,
      caches,
      media: mediaStore,
    }),
    clock,
    urls,
    // MP4 downloads (ADR 0023): remuxed on this node into a cache directory, or in S3 mode by a worker's
    // media.download job into the bucket.
    downloads: s3Store
      ? createStoreDownloadService({
          repo: createDownloadRepository(layer),
          urls,
          store: s3Store,
          jobs,
          scratchDir: config.mediaDir,
          maxCacheBytes: config.downloads?.maxCacheBytes ?? 10 * 1024 ** 3,
          ffmpegPath: config.ffmpegPath,
          ffprobePath: config.ffprobePath,
          mediaLimits: config.mediaLimits,
          onError,
        })
      : createDownloadService({
          repo: createDownloadRepository(layer),
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
    catalog: createCatalogService({ categories: categoryRows, models: modelRows, caches }),
    sitemaps: createSitemaps({ repo: createSitemapRepository(layer), urls, origin: config.publicOrigin }),
    playlists: createPlaylistService({ playlists, listing }),
    player: createPlayerService({ saved, clock }),
    members: createMemberList({ members: memberRows, clock }),
    profiles: createMemberProfiles({ members: memberRows, clock }),
    wall: createWallService({ wall: createWallRepository(layer), clock, notifications }),
    albums: createAlbumService({ albums }),
    models: createModelService({ models: modelRows, urls }),
    channels: createChannelService({ channels: createChannelsRepository(layer) }),
    categoryCovers: createCategoryCovers({ categories: categoryRows, listing, caches }),
    comments: createCommentService({
      comments: createCommentsRepository(layer),
      clock,
      notifications,
      versions,
    }),
    versions,
    views: createViewStats({ repo: viewsRepo, clock, limits }),
    rollup: createStatsRollup({ repo: viewsRepo, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
