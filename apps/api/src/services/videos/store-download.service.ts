import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import {
  type LadderLevel,
  MEDIA_FILES,
  type MediaLimitsInput,
  parseLadder,
  parseVariantPlaylist,
  remuxHlsToMp4,
} from '@vt/media';
import { assertKey, bytesOf, type MediaStore } from '../../media-store/media-store';
import { eachLimited } from '../../media-store/s3-media-store';
import { holdScratch, remuxScratchDir } from '../../media-store/scratch';
import type { JobPayloads } from '../jobs/catalogue';
import type { JobQueue } from '../jobs/job-queue';
import type { JobContext } from '../jobs/worker';
import type { MediaUrls } from '../media/media-urls.service';
import type { DownloadRepository, DownloadVideo } from './download.repository';
import {
  type DownloadLink,
  type DownloadStatus,
  type DownloadTarget,
  type DownloadViewer,
  downloadAccess,
  downloadableVideo,
  downloadCacheName,
  downloadFileName,
  downloadLinks,
} from './download.service';

/** The bucket's download cache: `downloads/{media key}/{quality}-{hash}.mp4`. */
export const DOWNLOADS_PREFIX = 'downloads';
/** A remux that fails is tried once more (a worker killed mid-run), then told as failed. */
const ATTEMPTS = 2;
/** Objects pulled at once into the worker's scratch. */
const PULL_CONCURRENCY = 4;
/** Shares of the job's progress: pulling the segments, then the remux; the upload is the rest. */
const PULL_SHARE = 0.4;
const REMUX_SHARE = 0.55;

export interface StoreDownloadDeps {
  repo: DownloadRepository;
  urls: MediaUrls;
  store: MediaStore;
  jobs: Pick<JobQueue, 'enqueue' | 'latest' | 'releaseFailed'>;
  /** The worker's scratch directory (MEDIA_DIR in S3 mode): a remux pulls its segments below it. */
  scratchDir: string;
  /** The bucket's download cache is trimmed to this size after each new file, oldest first. */
  maxCacheBytes: number;
  ffmpegPath?: string;
  ffprobePath?: string;
  mediaLimits?: MediaLimitsInput;
  onError?: (err: unknown, context: Record<string, unknown>) => void;
}

/** A variant playlist in the bucket, read and checked. */
interface BucketVariant {
  /** Every init segment and segment it names, once each, all below the video's published prefix. */
  keys: string[];
  durationSec: number;
  /** The playlist's key (under an immutable version prefix) and text: changes whenever the MP4 would. */
  fingerprint: string;
}

/** Where `uri`, named in the object at `fromKey`, leads: a key below `prefix`, or null. */
function keyBelow(prefix: string, fromKey: string, uri: string): string | null {
  const key = posix.normalize(posix.join(posix.dirname(fromKey), uri));
  if (!key.startsWith(`${prefix}/`)) return null;
  try {
    return assertKey(key);
  } catch {
    return null;
  }
}

const jobKey = (objectKey: string) => `download:${objectKey}`;

/** Forwards progress only when its whole percent changes: each report is a database write. */
function throttled(ctx: JobContext) {
  let last = -1;
  return (fraction: number, stage: string) => {
    const percent = Math.floor(fraction * 100);
    if (percent === last) return;
    last = percent;
    ctx.progress(fraction, stage);
  };
}

/**
 * MP4 downloads in S3 mode (ADR 0023, issue 22): the same URLs, checks and status JSON as on disk, but the
 * API node reads only the playlists from the bucket. The remux is a `media.download` job: a worker pulls
 * the level's segments into its scratch, runs the same remux, uploads the MP4 to
 * `downloads/{media key}/{quality}-{hash}.mp4` and removes its scratch. The MP4 is answered with a redirect
 * to a presigned URL that saves it under the video's name, so no media byte passes through the API node.
 */
export function createStoreDownloadService(deps: StoreDownloadDeps) {
  const { repo, urls, store, jobs } = deps;

  /** The prefix the video's visible ladder lives under, or null (none published, or a corrupt pointer). */
  async function publishedPrefix(row: DownloadVideo): Promise<string | null> {
    try {
      return await store.current(row.media_path ?? '');
    } catch (err) {
      deps.onError?.(err, { mediaPath: row.media_path, stage: 'download ladder' });
      return null;
    }
  }

  /** The levels the published master playlist lists (variant keys below its prefix), highest first. */
  async function ladderOf(prefix: string): Promise<LadderLevel[]> {
    const masterKey = `${prefix}/${MEDIA_FILES.master}`;
    const text = await bytesOf(store, masterKey);
    if (text === null) return [];
    return parseLadder(text.toString('utf8'), (uri) => keyBelow(prefix, masterKey, uri));
  }

  /** Reads and checks a variant playlist of the bucket: finished, relative, every segment below `prefix`. */
  async function variantOf(prefix: string, playlistKey: string): Promise<BucketVariant> {
    const body = await bytesOf(store, playlistKey);
    if (body === null) throw new Error(`variant playlist missing: ${playlistKey}`);
    const text = body.toString('utf8');
    const keys = new Set<string>();
    let durationSec = 0;
    for (const run of parseVariantPlaylist(text)) {
      for (const uri of [...(run.init === null ? [] : [run.init]), ...run.segments.map((s) => s.uri)]) {
        const key = keyBelow(prefix, playlistKey, uri);
        if (!key) throw new Error(`segment outside the video's media: ${uri}`);
        keys.add(key);
      }
      durationSec += run.segments.reduce((t, s) => t + s.durationSec, 0);
    }
    // A published version's prefix is never written again (a re-processed video gets a new one), so its
    // key and the playlist's text name the segments' bytes without a HEAD of each.
    return { keys: [...keys], durationSec, fingerprint: `${playlistKey}\n${text}` };
  }

  /** One level of a video's published ladder, read from the bucket; null when there is no such level. */
  async function levelOf(row: DownloadVideo, quality: string) {
    const prefix = await publishedPrefix(row);
    if (!prefix) return null;
    const level = (await ladderOf(prefix)).find((l) => l.quality === quality);
    if (!level) return null;
    const variant = await variantOf(prefix, level.playlist);
    const key = `${DOWNLOADS_PREFIX}/${downloadCacheName(row.media_path ?? '', quality, variant.fingerprint)}`;
    return { prefix, level, variant, key };
  }

  /** Keeps the bucket's download cache under its size, dropping the oldest files (never `keep`). */
  async function trim(keep: string): Promise<number> {
    const files = (await store.list(DOWNLOADS_PREFIX)).filter((o) => o.key.endsWith('.mp4'));
    let total = files.reduce((t, f) => t + f.size, 0);
    let removed = 0;
    for (const f of files.sort((a, b) => (a.modifiedMs ?? 0) - (b.modifiedMs ?? 0))) {
      if (total <= deps.maxCacheBytes) break;
      if (f.key === keep) continue;
      await store.deleteObject(f.key);
      total -= f.size;
      removed++;
    }
    return removed;
  }

  const service = {
    kind: 's3' as const,

    /** The levels a viewer may download, with their signed URLs; empty when they may not. */
    async links(videoId: number, viewer: DownloadViewer): Promise<DownloadLink[]> {
      const row = await repo.video(videoId);
      if (!downloadAccess(row, viewer)) return [];
      const prefix = await publishedPrefix(row!);
      return downloadLinks(urls, videoId, prefix ? await ladderOf(prefix) : []);
    },

    /**
     * What a download URL names, checked now (a takedown, private or delete ends every URL handed out
     * before; quarantined is refused), with the level read from the bucket. Null otherwise.
     */
    async resolve(videoId: number, quality: string, viewer: DownloadViewer): Promise<DownloadTarget | null> {
      const video = await downloadableVideo(repo, videoId, quality, viewer);
      if (!video) return null;
      const { row, access: allowed } = video;
      let found: Awaited<ReturnType<typeof levelOf>>;
      try {
        found = await levelOf(row, quality);
      } catch (err) {
        deps.onError?.(err, { videoId, quality, stage: 'download playlist' });
        return null;
      }
      if (!found) return null;
      return {
        videoId,
        quality,
        height: found.level.height,
        access: allowed,
        filename: downloadFileName(row.dir, videoId, found.level.height),
        playlist: found.level.playlist,
        cacheFile: found.key,
        durationSec: found.variant.durationSec,
      };
    },

    /**
     * Where the MP4 stands: ready once the object is in the bucket; working while its job is queued or
     * running (with the job's percent); failed, told once, when the job failed. Otherwise a job is queued
     * (one per file: the queue's unique key), after `admit` (the per-address limit, which throws to refuse).
     */
    async status(target: DownloadTarget, admit?: () => Promise<void>): Promise<DownloadStatus> {
      const uniqueKey = jobKey(target.cacheFile);
      const job = await jobs.latest(uniqueKey);
      if (job?.status === 'queued') return { state: 'working', percent: 0 };
      if (job?.status === 'running') return { state: 'working', percent: job.progress * 100 };
      const made = await store.head(target.cacheFile);
      if (made) return { state: 'ready', bytes: made.size };
      if (job?.status === 'failed' && (await jobs.releaseFailed(job, uniqueKey))) return { state: 'failed' };
      await admit?.();
      await jobs.enqueue(
        'media.download',
        { videoId: target.videoId, quality: target.quality, key: target.cacheFile },
        { uniqueKey, maxAttempts: ATTEMPTS },
      );
      return { state: 'working', percent: 0 };
    },

    /**
     * The MP4 as a presigned URL of the bucket (answered as an attachment under the video's name), or,
     * while it is not made yet, its status (asking queues it, as `status` does).
     */
    async deliver(
      target: DownloadTarget,
      admit?: () => Promise<void>,
    ): Promise<{ url: string } | { status: DownloadStatus }> {
      if (await store.exists(target.cacheFile)) {
        const contentDisposition = `attachment; filename="${target.filename}"`;
        return { url: await store.signedUrl(target.cacheFile, undefined, { contentDisposition }) };
      }
      return { status: await service.status(target, admit) };
    },

    /**
     * The `media.download` job (a worker): the level's playlist and segments pulled from the bucket into
     * scratch, remuxed, the MP4 uploaded, the cache trimmed. The scratch goes whether it works or not.
     */
    async make(payload: JobPayloads['media.download'], ctx: JobContext) {
      const row = await repo.video(payload.videoId);
      // Deleted or quarantined meanwhile: nobody may download it, so nothing is made.
      if (!row?.media_path || !downloadAccess(row, { memberId: null, role: 'admin' }))
        return { skipped: true };
      const found = await levelOf(row, payload.quality);
      if (!found) throw new Error(`no ${payload.quality} level in the published ladder`);
      // Re-processed since it was queued: the current ladder's file is made (its URL asks for that one).
      const { key } = found;
      if (await store.exists(key)) return { key, made: false };
      const report = throttled(ctx);
      await mkdir(remuxScratchDir(deps.scratchDir), { recursive: true });
      const dir = await mkdtemp(join(remuxScratchDir(deps.scratchDir), `${process.pid}-`));
      const release = holdScratch(dir);
      try {
        const local = (k: string) => join(dir, 'ladder', ...k.slice(found.prefix.length + 1).split('/'));
        let pulled = 0;
        const wanted = [found.level.playlist, ...found.variant.keys];
        await eachLimited(wanted, PULL_CONCURRENCY, async (k) => {
          if (!(await store.getToFile(k, local(k)))) throw new Error(`missing in the bucket: ${k}`);
          report(PULL_SHARE * (++pulled / wanted.length), 'pulling');
        });
        const out = join(dir, 'out.mp4');
        // The same checks as on disk: every segment a regular file below the pulled ladder.
        await remuxHlsToMp4(local(found.level.playlist), out, {
          root: join(dir, 'ladder'),
          ffmpegPath: deps.ffmpegPath,
          ffprobePath: deps.ffprobePath,
          limits: deps.mediaLimits,
          signal: ctx.signal,
          onProgress: (p) => report(PULL_SHARE + REMUX_SHARE * (p.percent / 100), 'remuxing'),
        });
        report(PULL_SHARE + REMUX_SHARE, 'uploading');
        await store.putFile(key, out, { contentType: 'video/mp4' });
      } finally {
        await rm(dir, { recursive: true, force: true });
        release();
      }
      const trimmed = await trim(key).catch((err: unknown) => {
        deps.onError?.(err, { stage: 'download cache trim' });
        return 0;
      });
      return { key, made: true, trimmed };
    },
  };
  return service;
}

export type StoreDownloadService = ReturnType<typeof createStoreDownloadService>;
