import { serve } from '@hono/node-server';
import { migrateDb, openDb } from '@vt/db';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

const config = loadConfig();
const log = createLogger(config.logLevel);
const db = openDb(config.databaseFile, { cacheMiB: 256 });
migrateDb(db);

const { app, services } = createApp({ config, db, log });

const flush = setInterval(() => {
  try {
    services.views.flush();
  } catch (err) {
    log.error({ err }, 'view flush failed');
  }
}, 1000);
const rollup = setInterval(() => {
  try {
    services.rollup.run();
  } catch (err) {
    log.error({ err }, 'stats rollup failed');
  }
}, 3600_000);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info(`listening on ${config.publicOrigin} (port ${info.port})`);
});

function shutdown() {
  clearInterval(flush);
  clearInterval(rollup);
  services.views.flush();
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
