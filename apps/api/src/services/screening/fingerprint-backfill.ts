import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  encodeFingerprint,
  fingerprintFile,
  MEDIA_FILES,
  type MediaLimitsInput,
  readLadder,
  remuxHlsToMp4,
  summarize,
} from '@vt/media';
import { joinKey, type MediaStore } from '../../media-store/media-store';
import { currentOf, readVideoManifest, type VideoFiles } from '../../media-store/video-files';
import type { Fingerprints } from './fingerprints.service';

export interface BackfillTally {
  /** Indexed from the fingerprint.bin already beside the ladder. */
  indexed: number;
  /** Computed from the lowest ladder level, written beside it, then indexed. */
  made: number;
  failed: number;
}

/**
 * Fingerprints for videos processed before fingerprints existed (ADR 0034): a video whose media already has
 * fingerprint.bin is only indexed; an older one has its lowest ladder level remuxed to a temporary MP4 and
 * fingerprinted, fingerprint.bin written beside the ladder, then indexed and matched like a new upload.
 *
 * Local mode reads the ladder in MEDIA_DIR. S3 mode (issue 22) reads the visible version in the bucket: the
 * master playlist and the lowest level's directory are pulled into the temporary directory, and
 * fingerprint.bin is written into that version (a new object beside the others; nothing is rewritten).
 */
export async function backfillFingerprints(opts: {
  videos: { id: number; media_path: string }[];
  fingerprints: Pick<Fingerprints, 'read' | 'indexAndMatch'>;
  videoFiles: VideoFiles;
  store: MediaStore;
  mediaDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  mediaLimits?: MediaLimitsInput;
  onError?: (videoId: number, err: Error) => void;
}): Promise<BackfillTally> {
  const tally: BackfillTally = { indexed: 0, made: 0, failed: 0 };
  const media = { ffmpegPath: opts.ffmpegPath, ffprobePath: opts.ffprobePath, limits: opts.mediaLimits };
  for (const v of opts.videos) {
    const tmp = await mkdtemp(join(tmpdir(), 'vt-backfill-'));
    try {
      const stored = (await readVideoManifest(opts.videoFiles, v.media_path))?.fingerprint;
      if (stored?.summary && (await opts.fingerprints.read(v.media_path))) {
        await opts.fingerprints.indexAndMatch(v.id, v.media_path, stored);
        tally.indexed++;
        continue;
      }
      const ladder = opts.store.kind === 's3' ? await pullLowestLevel(opts.store, v.media_path, tmp) : null;
      const root = ladder ? ladder.root : resolve(opts.mediaDir);
      const master = join(root, v.media_path, MEDIA_FILES.master);
      const level = (await readLadder(master, root)).sort((a, b) => a.height - b.height)[0];
      if (!level) throw new Error('no ladder');
      const mp4 = join(tmp, 'level.mp4');
      await remuxHlsToMp4(level.playlist, mp4, { root, ...media });
      const fp = await fingerprintFile(mp4, media);
      // Beside the ladder: in its local directory, or in the visible version in the bucket.
      const beside = joinKey(ladder ? ladder.prefix : v.media_path, MEDIA_FILES.fingerprint);
      await opts.store.putBytes(beside, encodeFingerprint(fp));
      const s = summarize(fp);
      await opts.fingerprints.indexAndMatch(
        v.id,
        v.media_path,
        { summary: s ? [s.hi, s.lo] : null, seconds: fp.valid.length },
        fp,
      );
      tally.made++;
    } catch (err) {
      tally.failed++;
      opts.onError?.(v.id, err as Error);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }
  return tally;
}

/**
 * S3 mode: the master playlist and the directory of the lowest H.264 level of a video's visible version,
 * pulled below `tmp` at their media paths (`{tmp}/uploads/12/240p/…`), so the remux reads them as on disk.
 */
async function pullLowestLevel(
  store: MediaStore,
  mediaPath: string,
  tmp: string,
): Promise<{ root: string; prefix: string }> {
  const prefix = await currentOf(store, mediaPath);
  if (!prefix) throw new Error('no visible version in the store');
  const root = join(tmp, 'media');
  const dir = join(root, mediaPath);
  const master = join(dir, MEDIA_FILES.master);
  if (!(await store.getToFile(joinKey(prefix, MEDIA_FILES.master), master))) throw new Error('no ladder');
  const level = (await readLadder(master, root)).sort((a, b) => a.height - b.height)[0];
  if (!level) throw new Error('no ladder');
  const levelDir = relative(dir, dirname(level.playlist)).split('\\').join('/');
  if (!levelDir || levelDir.startsWith('..')) throw new Error('a level outside the video’s directory');
  await store.getTree(joinKey(prefix, levelDir), dirname(level.playlist));
  return { root, prefix };
}
