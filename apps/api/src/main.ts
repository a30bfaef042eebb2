import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openSiteDatabase } from './database-target';
import { markCachesSynced } from './http/caches-synced';
import { createJobHandlers } from './jobs/handlers';
import { serveCachedLegacy } from './legacy/cache-fast-path';
import { createLogger } from './logger';
import { cleanStaleScratch } from './media-store/scratch';
import { createPageFastPath } from './pages/page-fast-path';
import { scheduleRecurring } from './services/jobs/schedule';
import { createWorker } from './services/jobs/worker';

const config = loadConfig();
const log = createLogger(config.logLevel);
if (config.env === 'production' && config.mail.transport === 'outbox')
  log.warn(
    `SMTP_URL is not set: account mail (confirmations, restore links) is only written to ${config.mail.outboxDir}` +
      (config.mail.outboxPublic
        ? ' and MAIL_OUTBOX_PUBLIC=1 serves it to ANYONE at /dev/mail.json: never do that on a public site'
        : '; read it with `npm run mail`. Set SMTP_URL so members receive it.'),
  );
// SQLite by default; PostgreSQL with DATABASE_URL (ADR 0041). Either way migrated before anything runs.
const database = await openSiteDatabase(config, { cacheMiB: 256 });

const { app, services, cache, pageCache } = createApp({ config, data: database.data, log });
// A database that never ran the stats job (copied, imported) gets its counters and listing totals now.
await services.rollup.runIfNeverRan();
// A search engine that is down must not stop the site: it logs, and queued index jobs catch up later. An
// empty index (a new engine, a copied database) is filled once, here.
const { engine } = services.search;
engine
  .init()
  .then(() => engine.isEmpty())
  .then(async (empty) => {
    if (!empty) return;
    log.info(`building the search index (${engine.name})`);
    await services.search.reindexAll();
  })
  .catch((err: unknown) => log.error({ err }, 'search engine not ready'));

const flush = setInterval(() => {
  services.views.flush().catch((err: unknown) => log.error({ err }, 'view flush failed'));
}, 1000);
// Recurring work goes through the jobs table; `npm start` runs one worker inline unless WORKER_INLINE=0
// (then `npm run worker` processes run them).
const stopSchedule = scheduleRecurring(services.jobs);
// S3 mode: copies a killed predecessor pulled into the scratch directory (MEDIA_DIR) go before any job runs.
if (config.mediaStore.kind === 's3') {
  const removed = await cleanStaleScratch(config.mediaDir);
  if (removed > 0)
    log.info(`${removed} stale copies and unfinished ladders removed from the scratch directory`);
}
const worker = config.worker.inline
  ? createWorker({
      queue: services.jobs,
      handlers: createJobHandlers(services),
      log,
      concurrency: config.worker.concurrency,
      leaseSeconds: config.worker.leaseSeconds,
    })
  : null;
worker?.start();

const honoListener = getRequestListener(app.fetch);
const serveCachedPage = createPageFastPath(pageCache, services, config);
const server = createServer((req, res) => {
  // The fast paths answer from this process's caches: first empty them if another node purged.
  services.caches.sync().then(
    () => {
      markCachesSynced(req);
      if (!serveCachedLegacy(cache, req, res) && !serveCachedPage(req, res)) void honoListener(req, res);
    },
    // Without the epoch no cache can be trusted: the app answers (its own sync reports the failure).
    () => void honoListener(req, res),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => {
  log.info(`listening on ${config.publicOrigin} (port ${config.port})`);
});

function shutdown() {
  clearInterval(flush);
  stopSchedule();
  void worker?.stop();
  const flushed = services.views.flush().catch((err: unknown) => log.error({ err }, 'view flush failed'));
  server.close(() => {
    void flushed.finally(() => {
      void database.close().finally(() => process.exit(0));
    });
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
