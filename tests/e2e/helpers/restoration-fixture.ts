/**
 * Makes a pending upload whose restoration did something to every decision, the way media.ingest leaves
 * it (kept original, processed ladder, video status 2), on the e2e server's data dir: a telecined,
 * letterboxed, quiet NTSC DV test pattern. Run with tsx: `restoration-fixture.ts <title> <uploader name>`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../../apps/api/src/config';
import { processVideo } from '../../../packages/media/src/index';

const [title, uploaderName] = process.argv.slice(2);
const config = loadConfig(process.env);
const sqlite = new Database(config.databaseFile);
sqlite.pragma('busy_timeout = 10000');
const uploaderId = sqlite
  .prepare('SELECT id FROM members WHERE name = ?')
  .pluck()
  .get(uploaderName) as number;

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
const videoId = Number(
  sqlite
    .prepare(
      `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id,
         duration_sec, width, height, timeline_count, timeline_interval, content_hash)
       VALUES (?, ?, 'A generated test pattern.', 3, 'straight', ?, ?, ?, 6, 640, 480, 0, 1, ?)`,
    )
    .run(title.toLowerCase().replaceAll(' ', '-'), title, now, now, uploaderId, uploadId).lastInsertRowid,
);
const size = statSync(file).size;
sqlite
  .prepare(
    `INSERT INTO uploads (id, member_id, kind, filename, size, received, status, meta, video_id, created_at,
       updated_at, expires_at) VALUES (?, ?, 'video', 'telecined.mp4', ?, ?, 'done', ?, ?, ?, ?, ?)`,
  )
  .run(uploadId, uploaderId, size, size, JSON.stringify({ title }), videoId, now, now, now);
const m = await processVideo(file, join(config.mediaDir, `uploads/${videoId}`), {});
sqlite
  .prepare(
    `UPDATE videos SET status_id = 2, media_path = ?, width = ?, height = ?, timeline_count = ?,
       timeline_interval = ? WHERE id = ?`,
  )
  .run(`uploads/${videoId}`, m.width, m.height, m.sprites.tileCount, m.sprites.interval, videoId);
console.log(`pending ${videoId}`);
