// `npm run fingerprints:backfill -- [--limit N]`: fingerprints for videos processed
// before fingerprints existed (ADR 0034), on the server's database (same DATA_DIR). A video whose media
// directory already has fingerprint.bin is only indexed; an older one has its lowest ladder level remuxed
// to a temporary MP4 and fingerprinted (fingerprintFile), fingerprint.bin written beside the ladder, then
// indexed and matched like a new upload. Safe to re-run: videos already indexed are skipped.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDb, openDb } from '@vt/db';
import {
  encodeFingerprint,
  fingerprintFile,
  MEDIA_FILES,
  readLadder,
  readManifest,
  remuxHlsToMp4,
  summarize,
} from '@vt/media';
import { loadConfig } from '../config';
import { createServices } from '../container';

const { values } = parseArgs({ options: { limit: { type: 'string' } } });
const limit = Math.max(1, Number(values.limit ?? 1_000_000) || 1_000_000);
const config = loadConfig();
const db = openDb(config.databaseFile);
migrateDb(db);
const services = createServices({ db, config });
const mediaDir = resolve(config.mediaDir);
const todo = db.$client
  .prepare(
    `SELECT id, media_path FROM videos WHERE media_path IS NOT NULL AND status_id NOT IN (5, 8)
       AND id NOT IN (SELECT video_id FROM video_fingerprints) ORDER BY id LIMIT ?`,
  )
  .all(limit) as { id: number; media_path: string }[];

let indexed = 0;
let made = 0;
let failed = 0;
for (const v of todo) {
  const dir = join(mediaDir, v.media_path);
  try {
    const stored = (await readManifest(dir))?.fingerprint;
    if (stored?.summary && (await services.fingerprints.read(v.media_path))) {
      await services.fingerprints.indexAndMatch(v.id, v.media_path, stored);
      indexed++;
      continue;
    }
    const level = (await readLadder(join(dir, MEDIA_FILES.master), mediaDir)).sort(
      (a, b) => a.height - b.height,
    )[0];
    if (!level) throw new Error('no ladder');
    const tmp = await mkdtemp(join(tmpdir(), 'vt-backfill-'));
    try {
      const mp4 = join(tmp, 'level.mp4');
      await remuxHlsToMp4(level.playlist, mp4, {
        root: mediaDir,
        ffmpegPath: config.ffmpegPath,
        ffprobePath: config.ffprobePath,
        limits: config.mediaLimits,
      });
      const fp = await fingerprintFile(mp4, {
        ffmpegPath: config.ffmpegPath,
        ffprobePath: config.ffprobePath,
        limits: config.mediaLimits,
      });
      await writeFile(join(dir, MEDIA_FILES.fingerprint), encodeFingerprint(fp));
      const s = summarize(fp);
      await services.fingerprints.indexAndMatch(v.id, v.media_path, {
        summary: s ? [s.hi, s.lo] : null,
        seconds: fp.valid.length,
      });
      made++;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  } catch (err) {
    failed++;
    console.error(`video ${v.id}: ${(err as Error).message}`);
  }
}
console.log(
  `fingerprints: ${indexed} indexed from fingerprint.bin, ${made} computed, ${failed} failed, of ${todo.length}`,
);
db.$client.close();
