// `npm run fingerprints:backfill -- [--limit N]`: fingerprints for videos processed
// before fingerprints existed (ADR 0034), on the server's database (same DATA_DIR). A video whose media
// already has fingerprint.bin is only indexed; an older one has its lowest ladder level remuxed to a
// temporary MP4 and fingerprinted (fingerprintFile), fingerprint.bin written beside the ladder, then
// indexed and matched like a new upload. In S3 mode the ladder is read from the bucket (that level pulled
// into a temporary directory) and fingerprint.bin written there (fingerprint-backfill.ts). Safe to re-run:
// videos already indexed are skipped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backfillFingerprints } from '../services/screening/fingerprint-backfill';
import { openSite } from './open-site';

const { values } = parseArgs({ options: { limit: { type: 'string' } } });
const limit = Math.max(1, Number(values.limit ?? 1_000_000) || 1_000_000);
const config = loadConfig();
const site = await openSite(config);
const { services } = site;
const todo = await services.fingerprints.unindexed(limit);

const { indexed, made, failed } = await backfillFingerprints({
  videos: todo,
  fingerprints: services.fingerprints,
  videoFiles: services.videoFiles,
  store: services.mediaStore,
  mediaDir: config.mediaDir,
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
  mediaLimits: config.mediaLimits,
  onError: (id, err) => console.error(`video ${id}: ${err.message}`),
});
console.log(
  `fingerprints: ${indexed} indexed from fingerprint.bin, ${made} computed, ${failed} failed, of ${todo.length}`,
);
await site.close();
