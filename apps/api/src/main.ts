import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { migrateDb, openDb, rebuildSearchIndex, searchIndexIsEmpty } from '@vt/db';
import { createApp } from './app';
import { loadConfig } from './config';
import { requireSqliteSite } from './database-target';
import { createJobHandlers } from './jobs/handlers';
import { serveCachedLegacy } from './legacy/cache-fast-path';
import { createLogger } from './logger';
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
requireSqliteSite(config);
const db = openDb(config.databaseFile, { cacheMiB: 256 });
migrateDb(db);

const { app, services, cache, pageCache } = createApp({ config, db, log });
// A database that never ran the stats job (e.g. imported) gets its counters and listing totals now.
if (!db.$client.prepare('SELECT 1 FROM listing_facets LIMIT 1').get()) services.rollup.run();
// The embedded index of a database that predates it (or was imported) is built once, here.
if (services.search.engine.name === 'fts5' && searchIndexIsEmpty(db.$client)) {
  log.info('building the search index');
  rebuildSearchIndex(db.$client);
}
// A search engine that is down must not stop the site: it logs, and queued index jobs catch up later.
services.search.engine
  .init()
  .catch((err: unknown) => log.error({ err }, 'search engine settings not applied'));

const flush = setInterval(() => {
  try {
    services.views.flush();
  } catch (err) {
    log.error({ err }, 'view flush failed');
  }
}, 1000);
// Recurring work goes through the jobs table; `npm start` runs one worker inline unless WORKER_INLINE=0
// (then `npm run worker` processes run them).
const stopSchedule = scheduleRecurring(services.jobs);
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
  services.caches.sync();
  if (!serveCachedLegacy(cache, req, res) && !serveCachedPage(req, res)) honoListener(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => {
  log.info(`listening on ${config.publicOrigin} (port ${config.port})`);
});

function shutdown() {
  clearInterval(flush);
  stopSchedule();
  void worker?.stop();
  services.views.flush();
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
