import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { trpcServer } from '@hono/trpc-server';
import type { DataLayer, Db } from '@vt/db';
import { mimeTypeFor } from '@vt/media';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createServices, type Services } from './container';
import type { AppEnv } from './http/app-env';
import { bodyLimits } from './http/body-limits';
import { cachedPageHeaders } from './http/cached-page-headers';
import { cachesSyncedFor } from './http/caches-synced';
import { compression } from './http/compression';
import { originCheck } from './http/csrf';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { sendFile } from './http/send-file';
import { albumEditLegacy } from './legacy/album-edit.legacy';
import { albumsLegacy } from './legacy/albums.legacy';
import { authLegacy } from './legacy/auth.legacy';
import { categoriesLegacy } from './legacy/categories.legacy';
import { commentsLegacy } from './legacy/comments.legacy';
import { inputLegacy } from './legacy/input.legacy';
import { memberLegacy } from './legacy/member.legacy';
import { memberPagesLegacy } from './legacy/member-pages.legacy';
import { membersLegacy } from './legacy/members.legacy';
import { messagesLegacy } from './legacy/messages.legacy';
import { modelsLegacy } from './legacy/models.legacy';
import { playlistsLegacy } from './legacy/playlists.legacy';
import { reportLegacy } from './legacy/report.legacy';
import { createResponseCache, type ResponseCache } from './legacy/response-cache';
import { searchLegacy } from './legacy/search.legacy';
import { statsLegacy } from './legacy/stats.legacy';
import { videoEditLegacy } from './legacy/video-edit.legacy';
import { videosLegacy } from './legacy/videos.legacy';
import { AppError } from './lib/app-error';
import { mediaRoutes } from './media/media.routes';
import { storeMediaRoutes } from './media/store-media.routes';
import { mediaStoreOrigins } from './media-store/media-store-config';
import { createPageCache, type PageCache } from './pages/page-cache';
import { pagesHandler } from './pages/pages.handler';
import { accountExportRoutes } from './routes/account-export.routes';
import { adDocumentRoutes } from './routes/ad-documents.routes';
import { ageGateRoutes } from './routes/age-gate.routes';
import { moderationRoutes } from './routes/moderation.routes';
import { partnerFeedRoutes } from './routes/partner-feed.routes';
import { seoRoutes } from './routes/seo.routes';
import { RTA_LABEL } from './rta';
import type { ExternalProvider } from './services/auth/external-auth.service';
import { trpcContext } from './trpc/context';
import { appRouter } from './trpc/root';
import { tusRoutes } from './uploads/tus.routes';

/** Paths that are files or APIs, never pages: exempt from the trailing-slash rule. */
const NOT_PAGES = /^\/(api|trpc|media|thumbs|timelines|assets|dev|ads)\//;
/** react-router's route discovery (apps/web/react-router.config.ts): JSON, not a page. */
const ROUTE_MANIFEST = '/__manifest';

/**
 * One leading slash and no backslashes: browsers read `//host` and `/\\host` in a Location as another
 * site (an open redirect), so runs of either collapse to a single `/`.
 */
export function localPath(path: string): string {
  return `/${path.replace(/[\\/]+/g, '/').replace(/^\//, '')}`;
}

export interface BuiltApp {
  app: Hono<AppEnv>;
  services: Services;
  cache: ResponseCache;
  pageCache: PageCache;
}

export function createApp({
  config,
  db,
  data,
  log,
  externalProvider,
}: {
  config: Config;
  /** The site's database: the data layer (main.ts), or a SQLite handle it runs on (tests). */
  data?: DataLayer;
  db?: Db;
  log: Logger;
  externalProvider?: ExternalProvider | null;
}): BuiltApp {
  const services = createServices({
    db,
    data,
    config,
    externalProvider,
    onError: (err, context) => log.error({ err, ...context }, 'download failed'),
  });
  const cache = createResponseCache(config.cacheMaxBytes, config.cacheMaxTtl, config.compressMinBytes);
  services.caches.register(() => cache.purge());
  const pageCache = createPageCache({
    ...config.pageCache,
    mediaUrlTtlSeconds: config.mediaUrlTtl,
    vary: config.trustCountryHeader ? [config.countryHeader] : [],
  });
  services.caches.register(() => pageCache.purge());
  const app = new Hono<AppEnv>();

  // Before anything answers from a cache: another node or a worker may have purged since the last request.
  app.use(async (c, next) => {
    if (!cachesSyncedFor(c.env)) await services.caches.sync();
    await next();
  });
  // Outermost after that: a stored page's CSP allows its scripts by hash, and its first answer lends its final
  // headers to the listener's fast path.
  app.use(async (c, next) => {
    await next();
    pageCache.finish(c.req.raw, c.res, c.get('secureHeadersNonce'));
  });
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('Rating', RTA_LABEL);
  });
  app.use(compression({ threshold: config.compressMinBytes }));
  app.use(cachedPageHeaders());
  app.use(securityHeaders({ mediaOrigins: mediaStoreOrigins(config.mediaStore) }));
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.use(requestContext(services, log, config));
  app.use(originCheck(config.publicOrigin));
  app.use(bodyLimits());

  // Strict trailing slashes: one canonical URL per page, the other answers 301.
  app.use(async (c, next) => {
    const path = c.req.path;
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !path.endsWith('/') &&
      !NOT_PAGES.test(path) &&
      path !== ROUTE_MANIFEST
    ) {
      const last = path.slice(path.lastIndexOf('/') + 1);
      if (!last.includes('.')) {
        // The still-encoded path: a decoded one may hold characters no Location header can carry (NUL).
        const url = new URL(c.req.url);
        return c.redirect(`${localPath(url.pathname)}/${url.search}`, 301);
      }
    }
    await next();
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      const body = {
        error: err.message,
        code: err.code,
        ...(err.field ? { field: err.field } : {}),
        ...(err.info !== undefined ? { info: err.info } : {}),
      };
      // An oversized body is refused unread: closing the connection stops the client from sending the rest.
      const headers: Record<string, string> = err.status === 413 ? { Connection: 'close' } : {};
      return c.json(body, err.status as 400, headers);
    }
    c.var.log?.error({ err }, 'unhandled error');
    return c.json({ error: 'Internal error', code: 'internal_error', request_id: c.var.requestId }, 500);
  });

  app.route('/', authLegacy(config));
  app.route('/', accountExportRoutes());
  app.route('/', ageGateRoutes(config));
  app.route('/', inputLegacy());
  app.route('/', messagesLegacy());
  app.route('/', reportLegacy(config));
  app.route('/', memberLegacy());
  app.route('/', albumEditLegacy());
  app.route('/', videoEditLegacy());
  app.route('/', videosLegacy(cache));
  app.route('/', statsLegacy());
  app.route('/', albumsLegacy(cache));
  app.route('/', modelsLegacy(cache));
  app.route('/', commentsLegacy(cache));
  app.route('/', categoriesLegacy(cache));
  app.route('/', playlistsLegacy(cache));
  app.route('/', membersLegacy(cache));
  app.route('/', memberPagesLegacy(cache));
  app.route('/', searchLegacy(cache));
  app.route(
    '/',
    tusRoutes({
      storage: services.tus,
      uploads: services.uploads,
      trustProxy: config.trustProxy,
      onError: (err) => log.error({ err }, "an upload's progress could not be recorded"),
    }).app,
  );
  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      createContext: (_opts, c) => ({ ...trpcContext(c as never, config.defaultCountry) }),
      // Unexpected failures are logged with the request id; the client only gets 'Internal error' (trpc.ts).
      onError: ({ error, path, ctx }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error.cause ?? error, path, requestId: ctx?.requestId }, 'trpc procedure failed');
      },
    }),
  );
  app.route(
    '/',
    seoRoutes({
      sitemaps: services.sitemaps,
      caches: services.caches,
      origin: config.publicOrigin,
      ttlSeconds: config.cacheMaxTtl,
      maxBytes: config.cacheMaxBytes,
    }),
  );
  // S3 mode (ADR 0042): the same media URLs answered from the bucket; mediaRoutes keeps what it does not take.
  if (services.mediaStore.kind === 's3') app.route('/', storeMediaRoutes(services.mediaStore));
  app.route('/', mediaRoutes(config.mediaDir));
  app.route('/', partnerFeedRoutes({ feedsDir: config.partnerFeedsDir, network: config.network }));
  app.route('/', adDocumentRoutes(config.network));
  app.route('/', moderationRoutes());

  const clientDir = join(config.webBuildDir, 'client');
  app.get('/assets/*', (c) => {
    const file = join(clientDir, c.req.path.replaceAll('..', ''));
    return (
      sendFile(c.req.raw, file, {
        contentType: mimeTypeFor(file),
        cacheControl: 'public, max-age=31536000, immutable',
        precompressed: true,
      }) ?? c.notFound()
    );
  });
  app.get('/:file{[a-z0-9._-]+\\.(ico|png|svg|txt|webmanifest)}', (c, next) => {
    const file = join(clientDir, c.req.param('file'));
    if (!existsSync(file)) return next();
    return sendFile(c.req.raw, file, {
      contentType: mimeTypeFor(file),
      cacheControl: 'public, max-age=86400',
      precompressed: true,
    })!;
  });

  const pages = pagesHandler(
    config.webBuildDir,
    config.defaultCountry,
    config.publicOrigin,
    config.uploadChunkBytes,
    config,
    pageCache,
  );
  app.all('*', (c) => pages(c));

  return { app, services, cache, pageCache };
}
