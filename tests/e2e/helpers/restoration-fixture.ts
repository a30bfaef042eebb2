/**
 * Makes a pending upload whose restoration did something to every decision, the way media.ingest leaves
 * it (kept original, processed ladder, video status 2), on the e2e server's data dir: a telecined,
 * letterboxed, quiet NTSC DV test pattern. Run with tsx: `restoration-fixture.ts <title> <uploader name>`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../apps/api/src/config';
import { openSiteDatabase } from '../../../apps/api/src/database-target';
import { processVideo } from '../../../packages/media/src/index';

const [title, uploaderName] = process.argv.slice(2);
const config = loadConfig(process.env);
// The server's database: DATA_DIR/site.db, or DATABASE_URL's PostgreSQL (helpers/site-db.ts siteEnv()).
const site = await openSiteDatabase(config, { poolSize: 1 });
const { db } = site.data;
if (site.db) site.db.$client.pragma('busy_timeout = 10000');
const { id: uploaderId } = await db
  .selectFrom('members')
  .select('id')
  .where('name', '=', uploaderName!)
  .executeTakeFirstOrThrow();

const uploadId = randomBytes(16).toString('hex');
mkdirSync(config.uploadsDir, { recursive: true });
const file = join(config.uploadsDir, uploadId);
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i'],
  'testsrc2=s=720x480:r=24000/1001:d=6,gblur=sigma=2,scale=720:360,pad=720:480:0:60:black,setsar=8/9,' +
    'telecine=first_field=top:pattern=23',
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=6,volume=-25dB'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p'],
  ...[
    '-flags',
    '+ildct+ilme',
    '-x264opts',
    'tff=1',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    '-f',
    'mp4',
    file,
  ],
]);
const now = Math.floor(Date.now() / 1000);
const { id: videoId } = await db
  .insertInto('videos')
  .values({
    dir: title!.toLowerCase().replaceAll(' ', '-'),
    title: title!,
    description: 'A generated test pattern.',
    status_id: 3,
    gender: 'straight',
    post_date: now,
    added_at: now,
    uploader_id: uploaderId,
    duration_sec: 6,
    width: 640,
    height: 480,
    timeline_count: 0,
    timeline_interval: 1,
    content_hash: uploadId,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const size = statSync(file).size;
await db
  .insertInto('uploads')
  .values({
    id: uploadId,
    member_id: uploaderId,
    kind: 'video',
    filename: 'telecined.mp4',
    size,
    received: size,
    status: 'done',
    meta: JSON.stringify({ title }),
    video_id: videoId,
    created_at: now,
    updated_at: now,
    expires_at: now,
  })
  .execute();
const m = await processVideo(file, join(config.mediaDir, `uploads/${videoId}`), {});
await db
  .updateTable('videos')
  .set({
    status_id: 2,
    media_path: `uploads/${videoId}`,
    width: m.width,
    height: m.height,
    timeline_count: m.sprites.tileCount,
    timeline_interval: m.sprites.interval,
  })
  .where('id', '=', videoId)
  .execute();
await site.close();
console.log(`pending ${videoId}`);
