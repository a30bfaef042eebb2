// `npm run worker`: a separate job worker process (run several to scale; see docs/operations.md).
import { loadConfig } from './config';
import { createServices } from './container';
import { openSiteDatabase } from './database-target';
import { createJobHandlers } from './jobs/handlers';
import { createLogger } from './logger';
import { cleanStaleScratch } from './media-store/scratch';
import { createWorker } from './services/jobs/worker';

const config = loadConfig();
const log = createLogger(config.logLevel);
// A worker needs only the database (DATABASE_URL on PostgreSQL), the media store settings and ffmpeg.
const database = await openSiteDatabase(config);
const services = createServices({ data: database.data, config });
// S3 mode: copies a killed predecessor pulled into the scratch directory (MEDIA_DIR) go before any job runs.
if (config.mediaStore.kind === 's3') {
  const removed = await cleanStaleScratch(config.mediaDir);
  if (removed > 0)
    log.info(`${removed} stale copies and unfinished ladders removed from the scratch directory`);
}
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
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
