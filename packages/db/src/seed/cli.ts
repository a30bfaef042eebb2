import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDb, openDb } from '../client';
import { isPostgresUrl } from '../kysely/index';
import { createProgressBar } from '../progress-bar';
import { prepareDemoMedia } from './demo-media';
import { isEmpty, seedDemo } from './seed';
import { openSeedTarget } from './seed-target-postgres';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '3000' },
    reset: { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
    clips: { type: 'string' },
    'clip-seconds': { type: 'string' },
  },
});

const videos = Number(values.videos);
if (!Number.isInteger(videos) || videos < 1 || videos > 5_000_000) {
  console.error('--videos must be a whole number from 1 to 5000000');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const postgresUrl = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
// On PostgreSQL the demo is built in a SQLite file first and moved over by db:copy's verified copy (ADR 0041).
const file = postgresUrl
  ? resolve(`${dataDir}/seed-staging.db`)
  : resolve(process.env.DATABASE_FILE ?? `${dataDir}/site.db`);
const target = postgresUrl ? await openSeedTarget(postgresUrl, { reset: values.reset }) : null;
if (target && !(await target.isEmpty())) {
  await target.close();
  if (values['if-empty']) process.exit(0);
  console.error('the PostgreSQL database already holds videos; use --reset to start over');
  process.exit(1);
}
const mediaDir = resolve(process.env.MEDIA_DIR ?? `${dataDir}/media`);

if (values.reset || target) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  // Everything members uploaded belongs to the database being dropped: new ids would reuse the old
  // directories (and a finished one is kept by the pipeline), so they go too. Demo media stays.
  if (values.reset)
    for (const dir of [
      `${mediaDir}/uploads`,
      `${mediaDir}/albums`,
      `${mediaDir}/members`,
      `${dataDir}/uploads`,
    ])
      rmSync(dir, { recursive: true, force: true });
}
const db = openDb(file, { cacheMiB: 512 });
await migrateDb(db);
if (!isEmpty(db)) {
  if (values['if-empty']) process.exit(0);
  console.error(`${file} already holds videos; use --reset to start over`);
  process.exit(1);
}

const bar = createProgressBar('seed');

const started = Date.now();
const demo = await prepareDemoMedia({
  mediaDir,
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
  onProgress: bar,
  clips: values.clips ? Number(values.clips) : undefined,
  clipSeconds: values['clip-seconds'] ? Number(values['clip-seconds']) : undefined,
});
seedDemo(db, { videos, media: demo.media, photos: demo.photos, onProgress: bar });
db.$client.pragma('wal_checkpoint(TRUNCATE)');
if (target) {
  await target.copyFrom(db.$client, createProgressBar('copy to PostgreSQL'));
  await target.close();
  db.$client.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
} else db.$client.close();
console.log(
  `seeded ${videos} videos into ${target ? 'PostgreSQL' : file} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
