import { join } from 'node:path';
import type { Db } from '@vt/db';
import type { Config } from './config';
import { createJobQueue } from './jobs/job-queue';
import { createMediaStore } from './media-store/create-media-store';
import { createAuditLog } from './moderation/audit.service';
import { createBlocklists } from './moderation/blocklists.service';
import { createFingerprints } from './moderation/fingerprints.service';
import { createModeration } from './moderation/index';
import { createFts5Engine } from './search/fts5-engine';
import { createMeiliEngine } from './search/meili-engine';
import { createSearchService } from './search/search.service';
import { createFriendsService } from './services/actions/friends.service';
import { createMemberListsService } from './services/actions/member-lists.service';
import { createMessagesService } from './services/actions/messages.service';
import { createPlaylistEditService } from './services/actions/playlist-edit.service';
import { createProfileEditService } from './services/actions/profile-edit.service';
import { createSubscribeService } from './services/actions/subscribe.service';
import { createVotesService } from './services/actions/votes.service';
import { createAgeAssurance } from './services/age-assurance/age-assurance.service';
import { createAlbumService } from './services/album.service';
import { createAlbumEdit } from './services/album-edit.service';
import { createAccountService } from './services/auth/account.service';
import { createAccountData } from './services/auth/account-data.service';
import { createAuthService } from './services/auth/auth.service';
import {
  createExternalAuth,
  type ExternalProvider,
  googleProvider,
} from './services/auth/external-auth.service';
import { createKnownDevices } from './services/auth/known-device';
import { createMailer } from './services/auth/mailer';
import { createSessionService } from './services/auth/session.service';
import { createCaptcha } from './services/captcha.service';
import { createCatalogService } from './services/catalog.service';
import { createCategoryCovers } from './services/category-covers.service';
import { createChannelService } from './services/channel.service';
import { type Clock, systemClock } from './services/clock';
import { createCommentService } from './services/comment.service';
import { createDownloadService } from './services/download.service';
import { createRateLimits } from './services/limits/rate-limits.service';
import { createMediaUrls } from './services/media-urls.service';
import { createMemberList } from './services/member-list.service';
import { createMemberProfiles } from './services/member-profile.service';
import { createModelService } from './services/model.service';
import { createNotifications } from './services/notifications.service';
import { createPlayerService } from './services/player.service';
import { createPlaylistService } from './services/playlist.service';
import { createProvenance } from './services/provenance.service';
import { createPublicCaches } from './services/public-caches';
import { createPublishService } from './services/publish.service';
import { createReports } from './services/report.service';
import { createSitemaps } from './services/sitemap.service';
import { createStatsRollup } from './services/stats-rollup.service';
import { createVideoService } from './services/video.service';
import { createVideoListing } from './services/video-listing.service';
import { createVideoVersions } from './services/video-versions.service';
import { createViewStats } from './services/view-stats.service';
import { createWallService } from './services/wall.service';
import { createAlbumUploads } from './uploads/album-upload.service';
import { createIngest } from './uploads/ingest';
import { createMediaFree } from './uploads/media-free';
import { createPreviewImages } from './uploads/preview-image';
import { createRestorationRerun } from './uploads/restoration-rerun';
import { createUploadService } from './uploads/upload.service';

/** The one place every service, engine and adapter dependency is built and wired (the composition root). */
export interface ServiceDeps {
  db: Db;
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
export function createServices({ db, config, clock = systemClock, externalProvider, onError }: ServiceDeps) {
  const sqlite = db.$client;
  const urls = createMediaUrls({
    secret: config.mediaSecret,
    ttlSeconds: config.mediaUrlTtl,
    clock,
    scheme: config.mediaSignature,
  });
  const versions = createVideoVersions({ sqlite });
  const listing = createVideoListing({ sqlite, urls, clock, versions });
  const caches = createPublicCaches();
  const videos = createVideoService({ sqlite, urls, listing, caches, versions });
  const provenance = createProvenance({
    sqlite,
    clock,
    caches,
    audit: createAuditLog({ sqlite, clock }),
    required: config.provenanceRequired ?? false,
  });
  const mailer = createMailer(config.mail);
  const limits = createRateLimits({ sqlite, factor: config.rateLimitFactor ?? 1 });
  const jobs = createJobQueue({ sqlite, clock });
  const sessions = createSessionService({ sqlite, clock });
  const uploadsDir = config.uploadsDir ?? join(config.mediaDir, '..', 'uploads');
  const engine = config.meili ? createMeiliEngine({ sqlite, ...config.meili }) : createFts5Engine(sqlite);
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
  const captcha = createCaptcha({ secret: config.mediaSecret, cost: config.captcha?.cost ?? 1000, clock });
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
