// `npm run worker`: a separate job worker process (run several to scale; see docs/operations.md).
import { migrateDb, openDb } from '@vt/db';
import { loadConfig } from './config';
import { createServices } from './container';
import { requireSqliteSite } from './database-target';
import { createJobHandlers } from './jobs/handlers';
import { createLogger } from './logger';
import { createWorker } from './services/jobs/worker';

const config = loadConfig();
const log = createLogger(config.logLevel);
requireSqliteSite(config);
const db = openDb(config.databaseFile);
migrateDb(db);
const services = createServices({ db, config });
const worker = createWorker({
  queue: services.jobs,
  handlers: createJobHandlers(services),
  log,
  concurrency: config.worker.concurrency,
  leaseSeconds: config.worker.leaseSeconds,
});
worker.start();
log.info(`${worker.id} running ${config.worker.concurrency} job(s) at a time`);

async function shutdown() {
  await worker.stop();
  db.$client.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
