// `npm run media:migrate [-- --from DIR]`: copies the local media tree (MEDIA_DIR) into the configured S3
// bucket, with a progress bar, checksums and resume (media-migrate.ts). Ctrl-C stops after the files in
// flight; run it again to carry on.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createProgressBar } from '@vt/db';
import { loadConfig } from '../config';
import { migrateMediaTree } from '../media-store/media-migrate';
import { S3MediaStore } from '../media-store/s3-media-store';

const { values } = parseArgs({
  options: { from: { type: 'string' }, concurrency: { type: 'string', default: '4' } },
});

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
if (config.mediaStore.kind !== 's3') {
  console.error(
    'media:migrate copies into S3: set MEDIA_STORE=s3 and S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for MinIO, R2, Backblaze)',
  );
  process.exit(2);
}
const from = resolve(values.from ?? config.mediaDir);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
  console.error('--concurrency: a whole number from 1 to 64');
  process.exit(2);
}
const store = new S3MediaStore(config.mediaStore);
const abort = new AbortController();
process.once('SIGINT', () => {
  console.log('\nstopping after the files in flight; run media:migrate again to resume');
  abort.abort();
});

const bar = createProgressBar(`media:migrate ${from} → s3://${store.bucket}`);
const started = Date.now();
const result = await migrateMediaTree({
  from,
  to: store,
  concurrency,
  signal: abort.signal,
  onProgress: (p) => bar('files', p.done, p.total),
});
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `${result.copied} copied (${(result.bytes / 1048576).toFixed(1)} MB), ${result.skipped} already there with the same checksum, ${result.done}/${result.total} files in ${secs} s`,
);
if (result.interrupted) {
  console.log('interrupted: run media:migrate again to resume');
  process.exit(130);
}
