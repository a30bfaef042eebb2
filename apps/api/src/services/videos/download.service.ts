import { createHash } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve, sep } from 'node:path';
import {
  type LadderLevel,
  type MediaLimitsInput,
  readLadder,
  readVariantPlaylist,
  remuxHlsToMp4,
  resolveMediaLimits,
} from '@vt/media';
import type { MediaUrls } from '../media/media-urls.service';
import { mediaKey } from '../media/media-urls.service';
import type { DownloadRepository, DownloadVideo } from './download.repository';

/** Who asks (the request's viewer). */
export interface DownloadViewer {
  memberId: number | null;
  role: string | null;
}

/** Who may download: everyone while the video is listed and public; staff and the uploader otherwise. */
export type DownloadAccess = 'public' | 'private';

export interface DownloadTarget {
  videoId: number;
  quality: string;
  height: number;
  access: DownloadAccess;
  /** `<video dir>-<height>p.mp4`, for Content-Disposition. */
  filename: string;
  /** The variant playlist: a file below MEDIA_DIR, or its key in the bucket (S3 mode). */
  playlist: string;
  /**
   * Where the MP4 is (or will be) kept, a file of the cache or a key of the bucket (S3 mode); named after
   * the playlist's fingerprint, so it is never stale.
   */
  cacheFile: string;
  durationSec: number;
}

export type DownloadStatus =
  | { state: 'ready'; bytes: number }
  /** percent is null while another node makes the file. */
  | { state: 'working'; percent: number | null }
  | { state: 'failed' };

export interface DownloadLink {
  quality: string;
  height: number;
  url: string;
}

interface Job {
  percent: number | null;
  done: Promise<string>;
}

export interface DownloadServiceDeps {
  repo: DownloadRepository;
  urls: MediaUrls;
  mediaDir: string;
  /** The remuxed MP4s: a cache, safe to empty at any time, shared by the nodes when they share it. */
  cacheDir: string;
  /** The cache is trimmed to this size, least recently downloaded first. */
  maxCacheBytes: number;
  /** Remuxes one node runs at once; the others wait their turn. */
  concurrency: number;
  ffmpegPath?: string;
  ffprobePath?: string;
  mediaLimits?: MediaLimitsInput;
  onError?: (err: unknown, context: Record<string, unknown>) => void;
}

/** What a download URL may name as its quality: a ladder level, `{height}p`. */
export const DOWNLOAD_QUALITY = /^\d{2,4}p$/;
const LOCK_POLL_MS = 500;

/**
 * Who may download now: everyone while the video is listed and public; staff and the uploader otherwise;
 * nobody once it is deleted or quarantined (ADR 0034), or when it has no media. Null: refused.
 */
export function downloadAccess(
  row: DownloadVideo | undefined,
  viewer: DownloadViewer,
): DownloadAccess | null {
  // 8: quarantined (ADR 0034), refused to everyone.
  if (!row || row.status_id === 5 || row.status_id === 8 || !row.media_path) return null;
  if (row.status_id === 1 && row.is_private !== 1) return 'public';
  const staff = viewer.role === 'moderator' || viewer.role === 'admin';
  return staff || (viewer.memberId !== null && viewer.memberId === row.uploader_id) ? 'private' : null;
}

/** `{video dir}-{height}p.mp4`, safe in a Content-Disposition header. */
export function downloadFileName(dir: string, videoId: number, height: number): string {
  const safe = dir.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || `video-${videoId}`;
  return `${safe}-${height}p.mp4`;
}

/** The signed download URL of each level. */
export function downloadLinks(urls: MediaUrls, videoId: number, levels: LadderLevel[]): DownloadLink[] {
  return levels.map((level) => ({
    quality: level.quality,
    height: level.height,
    url: urls.signedDownload(videoId, level.quality).url,
  }));
}

/**
 * The video a download URL names, checked now: still there and visible to this viewer (a takedown,
 * private or delete ends every URL handed out before), with media, and the quality a level's name.
 */
export async function downloadableVideo(
  repo: DownloadRepository,
  videoId: number,
  quality: string,
  viewer: DownloadViewer,
): Promise<{ row: DownloadVideo & { media_path: string }; access: DownloadAccess } | null> {
  if (!DOWNLOAD_QUALITY.test(quality)) return null;
  const row = await repo.video(videoId);
  const access = downloadAccess(row, viewer);
  if (!access || !row?.media_path) return null;
  return { row: { ...row, media_path: row.media_path }, access };
}

/**
 * Where a level's MP4 is kept, relative to the cache (a directory, or the bucket's `downloads/`): named
 * after the playlist's fingerprint, so a re-processed video is never served a stale file.
 */
export function downloadCacheName(mediaPath: string, quality: string, fingerprint: string): string {
  const hash = createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);
  return `${mediaKey(mediaPath)}/${quality}-${hash}.mp4`;
}

/**
 * MP4 downloads made on demand from a video's HLS ladder (ADR 0023): a stream-copy remux on the first
 * request for a level, kept in a size-bounded cache on disk. One remux per file at a time: in this
 * process through the job map, across nodes sharing the cache through an exclusive lock file.
 */
export function createDownloadService(deps: DownloadServiceDeps) {
  const { repo, urls, cacheDir } = deps;
  const mediaDir = resolve(deps.mediaDir);
  const limits = resolveMediaLimits(deps.mediaLimits);
  const jobs = new Map<string, Job>();
  /** A failure is told once to whoever asks next, then forgotten, so a retry starts over. */
  const failures = new Set<string>();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function ladderOf(row: DownloadVideo): Promise<LadderLevel[]> {
    const dir = resolve(mediaDir, row.media_path ?? '');
    if (!dir.startsWith(mediaDir + sep)) return [];
    return readLadder(join(dir, 'master.m3u8'), mediaDir);
  }

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= Math.max(1, deps.concurrency)) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  const exists = (file: string) =>
    stat(file).then(
      (s) => s.isFile(),
      () => false,
    );

  /** The remux, under the lock file; another node holding it is waited for. */
  async function produce(target: DownloadTarget, job: Job): Promise<string> {
    await mkdir(join(target.cacheFile, '..'), { recursive: true });
    const lock = `${target.cacheFile}.lock`;
    // A lock older than the longest run the limits allow belongs to a node that died.
    const staleMs = (limits.timeoutFloorSec * 2 + limits.timeoutFactor * target.durationSec) * 1000;
    for (;;) {
      if (await exists(target.cacheFile)) return target.cacheFile;
      let handle: Awaited<ReturnType<typeof open>> | null = null;
      try {
        handle = await open(lock, 'wx');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      if (!handle) {
        const st = await stat(lock).catch(() => null);
        if (st && Date.now() - st.mtimeMs > staleMs) await rm(lock, { force: true });
        else {
          job.percent = null;
          await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
        }
        continue;
      }
      try {
        await handle.writeFile(`${hostname()} ${process.pid} ${new Date().toISOString()}\n`);
        await handle.close();
        if (await exists(target.cacheFile)) return target.cacheFile;
        job.percent = 0;
        await remuxHlsToMp4(target.playlist, target.cacheFile, {
          root: mediaDir,
          ffmpegPath: deps.ffmpegPath,
          ffprobePath: deps.ffprobePath,
          limits: deps.mediaLimits,
          onProgress: (p) => {
            job.percent = p.percent;
          },
        });
        return target.cacheFile;
      } finally {
        await rm(lock, { force: true });
      }
    }
  }

  function start(target: DownloadTarget): Job {
    const running = jobs.get(target.cacheFile);
    if (running) return running;
    const job: Job = { percent: 0, done: Promise.resolve('') };
    job.done = slot(() => produce(target, job))
      .then(async (file) => {
        await trim(file).catch((err) => deps.onError?.(err, { stage: 'download cache trim' }));
        return file;
      })
      .catch((err: unknown) => {
        failures.add(target.cacheFile);
        deps.onError?.(err, { videoId: target.videoId, quality: target.quality });
        throw err;
      })
      .finally(() => jobs.delete(target.cacheFile));
    // Whoever waits on it handles the failure; nobody may be waiting (a status poll started it).
    job.done.catch(() => {});
    jobs.set(target.cacheFile, job);
    return job;
  }

  /** Keeps the cache under its size, dropping the files downloaded longest ago (never `keep`). */
  async function trim(keep: string): Promise<void> {
    const files: { path: string; size: number; mtimeMs: number }[] = [];
    for (const sub of await readdir(cacheDir).catch(() => [] as string[])) {
      for (const name of await readdir(join(cacheDir, sub)).catch(() => [] as string[])) {
        if (!name.endsWith('.mp4')) continue;
        const path = join(cacheDir, sub, name);
        const st = await stat(path).catch(() => null);
        if (st?.isFile()) files.push({ path, size: st.size, mtimeMs: st.mtimeMs });
      }
    }
    let total = files.reduce((t, f) => t + f.size, 0);
    for (const f of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
      if (total <= deps.maxCacheBytes) break;
      if (f.path === keep || jobs.has(f.path)) continue;
      await rm(f.path, { force: true });
      total -= f.size;
    }
  }

  const service = {
    kind: 'local' as const,
    /** The levels a viewer may download, with their signed URLs; empty when they may not. */
    async links(videoId: number, viewer: DownloadViewer): Promise<DownloadLink[]> {
      const row = await repo.video(videoId);
      if (!downloadAccess(row, viewer)) return [];
      return downloadLinks(urls, videoId, await ladderOf(row!));
    },

    /**
     * What a download URL names, checked now: the video is still there and visible to this viewer (a
     * takedown, private or delete ends every URL handed out before), and the quality is a level of its
     * ladder. Null otherwise.
     */
    async resolve(videoId: number, quality: string, viewer: DownloadViewer): Promise<DownloadTarget | null> {
      const video = await downloadableVideo(repo, videoId, quality, viewer);
      if (!video) return null;
      const { row, access: allowed } = video;
      const level = (await ladderOf(row)).find((l) => l.quality === quality);
      if (!level) return null;
      let variant: Awaited<ReturnType<typeof readVariantPlaylist>>;
      try {
        variant = await readVariantPlaylist(level.playlist, mediaDir);
      } catch (err) {
        deps.onError?.(err, { videoId, quality, stage: 'download playlist' });
        return null;
      }
      return {
        videoId,
        quality,
        height: level.height,
        access: allowed,
        filename: downloadFileName(row.dir, videoId, level.height),
        playlist: level.playlist,
        cacheFile: join(
          cacheDir,
          ...downloadCacheName(row.media_path, quality, variant.fingerprint).split('/'),
        ),
        durationSec: variant.durationSec,
      };
    },

    /**
     * Where the MP4 stands; asking starts making it. `admit` is awaited before a new remux starts (not for
     * one under way or made): it throws to refuse, as the per-address limit does.
     */
    async status(target: DownloadTarget, admit?: () => Promise<void>): Promise<DownloadStatus> {
      const job = jobs.get(target.cacheFile);
      if (job) return { state: 'working', percent: job.percent };
      if (failures.delete(target.cacheFile)) return { state: 'failed' };
      const st = await stat(target.cacheFile).catch(() => null);
      if (st?.isFile()) return { state: 'ready', bytes: st.size };
      await admit?.();
      return { state: 'working', percent: start(target).percent };
    },

    /** The MP4's path once it exists, made now if needed; rejects when the remux fails. */
    async file(target: DownloadTarget, admit?: () => Promise<void>): Promise<string> {
      if (!jobs.has(target.cacheFile) && (await exists(target.cacheFile))) {
        // Last use, for the cache's trimming; a failure here is harmless.
        const now = new Date();
        await utimes(target.cacheFile, now, now).catch(() => {});
        return target.cacheFile;
      }
      failures.delete(target.cacheFile);
      if (!jobs.has(target.cacheFile)) await admit?.();
      return start(target).done;
    },
  };
  return service;
}

export type DownloadService = ReturnType<typeof createDownloadService>;
