import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { MediaError } from './errors';
import { sandboxedInput } from './input-sandbox';
import { hitMemoryCeiling, resolveMediaLimits } from './resource-limits';
import { runTool } from './run-tool';
import { runFfmpeg } from './runner';
import { DEFAULT_FFMPEG, DEFAULT_FFPROBE, type ToolOptions } from './tool-options';

/** One rung of a video's HLS ladder, as its master playlist lists it. */
export interface LadderLevel {
  /** `${height}p`: what download URLs and file names call the level. */
  quality: string;
  width: number;
  height: number;
  bandwidth: number;
  /** The variant playlist, absolute. */
  playlist: string;
}

/** A media segment of a variant playlist, checked to be a regular .ts or .m4s file under the media root. */
export interface PlaylistSegment {
  file: string;
  durationSec: number;
  size: number;
  mtimeMs: number;
}

/** Segments between two #EXT-X-DISCONTINUITY tags (or #EXT-X-MAP changes): one continuous stream. */
export interface SegmentRun {
  /** The fMP4 init segment (#EXT-X-MAP) the run's .m4s segments need; null for MPEG-TS. */
  init: string | null;
  segments: PlaylistSegment[];
  durationSec: number;
}

export interface VariantPlaylist {
  runs: SegmentRun[];
  durationSec: number;
  /** The playlist's text and its segments' sizes and times: changes whenever the remux would. */
  fingerprint: string;
}

const corrupted = (detail: string) => new MediaError('corrupted_file', 'unusable playlist', { detail });

const within = (root: string, file: string) => file.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * The H.264 ladder a master playlist's text offers, highest first, one level per height (the higher
 * bandwidth wins). `locate` answers where a variant URI (a relative path, never a scheme or an absolute
 * path) is, or null to leave that variant out.
 */
export function parseLadder(text: string, locate: (uri: string) => string | null): LadderLevel[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const byHeight = new Map<number, LadderLevel>();
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const res = /\bRESOLUTION=(\d{1,5})x(\d{1,5})\b/.exec(line);
    const bw = /\bBANDWIDTH=(\d+)/.exec(line);
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    // Downloads are H.264 (ADR 0038): an AV1 variant of the same height is not a download.
    const codecs = /\bCODECS="([^"]*)"/.exec(line);
    if (!res || !uri || hasScheme(uri) || (codecs && !/\bavc1\./.test(codecs[1]))) return;
    const playlist = locate(uri);
    if (playlist === null) return;
    const height = Number(res[2]);
    const level = {
      quality: `${height}p`,
      width: Number(res[1]),
      height,
      bandwidth: bw ? Number(bw[1]) : 0,
      playlist,
    };
    const seen = byHeight.get(height);
    if (height > 0 && (!seen || seen.bandwidth < level.bandwidth)) byHeight.set(height, level);
  });
  return [...byHeight.values()].sort((a, b) => b.height - a.height);
}

/**
 * The H.264 ladder a master playlist file offers (parseLadder). Variant URIs are relative paths that must
 * stay under root; anything else is left out.
 */
export async function readLadder(masterFile: string, root: string): Promise<LadderLevel[]> {
  let text: string;
  try {
    text = await readFile(masterFile, 'utf8');
  } catch {
    return [];
  }
  const base = dirname(resolve(masterFile));
  return parseLadder(text, (uri) => {
    const playlist = resolve(base, uri);
    return within(resolve(root), playlist) ? playlist : null;
  });
}

/** `http:`, `file:`, `concat:`, `data:`…: a segment is always a relative path of ours. */
const hasScheme = (uri: string) => /^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/');

/** The #EXT-X-MAP URI, only as the pipeline writes it: `#EXT-X-MAP:URI="…"`, nothing else. */
function mapUri(line: string): string {
  const m = /^#EXT-X-MAP:URI="([^"]+)"$/.exec(line);
  if (!m) throw corrupted(`unsupported tag: ${line}`);
  return m[1];
}

/** A continuous run of a variant playlist as written: relative URIs, not yet resolved. */
export interface PlaylistRunUris {
  /** The #EXT-X-MAP URI (an .mp4 init segment) the run's .m4s segments need; null for MPEG-TS. */
  init: string | null;
  segments: { uri: string; durationSec: number }[];
}

/** A relative path of ours with this extension: no scheme, no absolute path, no query or fragment. */
function relativeUri(uri: string, ext: string): string {
  if (hasScheme(uri) || /[?#"]/.test(uri) || extname(uri).toLowerCase() !== ext) {
    throw corrupted(`not a relative ${ext} path: ${uri}`);
  }
  return uri;
}

/**
 * The runs of a VOD variant playlist's text: MPEG-TS segments, or fMP4 segments after their #EXT-X-MAP
 * init segment (ADR 0038), each a relative path with its container's extension (.ts without a map, .m4s
 * with one, .mp4 for the init). Runs are split at #EXT-X-DISCONTINUITY, where timestamps start over (a
 * demo video that repeats a short clip's segments), and where the map changes. Byte ranges, encryption
 * and live playlists are refused: the pipeline writes none of them. Where the URIs lead is the caller's
 * to check (readVariantPlaylist on disk; the bucket's keys in S3 mode).
 */
export function parseVariantPlaylist(text: string): PlaylistRunUris[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw corrupted('not an HLS playlist');
  if (!lines.includes('#EXT-X-ENDLIST')) throw corrupted('not a finished (VOD) playlist');
  const runs: PlaylistRunUris[] = [];
  let current: PlaylistRunUris['segments'] = [];
  let init: string | null = null;
  let pendingDuration: number | null = null;
  const closeRun = () => {
    if (current.length) runs.push({ init, segments: current });
    current = [];
  };
  for (const line of lines) {
    if (!line) continue;
    if (line.startsWith('#')) {
      if (line.startsWith('#EXTINF:')) {
        const d = Number.parseFloat(line.slice('#EXTINF:'.length));
        if (!Number.isFinite(d) || d <= 0 || d > 3600) throw corrupted(`bad #EXTINF: ${line}`);
        pendingDuration = d;
      } else if (line === '#EXT-X-DISCONTINUITY') {
        closeRun();
      } else if (line.startsWith('#EXT-X-MAP:')) {
        closeRun();
        init = relativeUri(mapUri(line), '.mp4');
      } else if (/^#EXT-X-(BYTERANGE|KEY|PART|STREAM-INF)\b/.test(line)) {
        if (!/^#EXT-X-KEY:METHOD=NONE\b/.test(line)) throw corrupted(`unsupported tag: ${line}`);
      }
      continue;
    }
    if (pendingDuration === null) throw corrupted(`segment without #EXTINF: ${line}`);
    current.push({ uri: relativeUri(line, init ? '.m4s' : '.ts'), durationSec: pendingDuration });
    pendingDuration = null;
  }
  closeRun();
  if (!runs.length) throw corrupted('no segments');
  return runs;
}

/**
 * Reads a VOD variant playlist (parseVariantPlaylist). Every segment and init segment must resolve,
 * symbolic links followed, to a regular file under root: the remux reads only files of the media store,
 * whatever a playlist says.
 */
export async function readVariantPlaylist(playlistFile: string, root: string): Promise<VariantPlaylist> {
  const realRoot = await realpath(resolve(root)).catch(() => {
    throw corrupted(`media root missing: ${root}`);
  });
  let text: string;
  try {
    text = await readFile(playlistFile, 'utf8');
  } catch {
    throw corrupted('variant playlist missing');
  }
  const parsed = parseVariantPlaylist(text);
  const base = dirname(resolve(playlistFile));
  const stats = new Map<string, { real: string; size: number; mtimeMs: number }>();
  const fingerprint: string[] = [text];
  /** A file of the media store. */
  const checked = async (uri: string): Promise<{ real: string; size: number; mtimeMs: number }> => {
    const file = resolve(base, uri);
    let seen = stats.get(file);
    if (!seen) {
      const real = await realpath(file).catch(() => null);
      const st = real ? await stat(real).catch(() => null) : null;
      if (!real || !st?.isFile() || !within(realRoot, real)) {
        throw corrupted(`segment missing or outside the media store: ${uri}`);
      }
      seen = { real, size: st.size, mtimeMs: st.mtimeMs };
      stats.set(file, seen);
      fingerprint.push(`${real}:${st.size}:${Math.floor(st.mtimeMs)}`);
    }
    return seen;
  };
  const runs: SegmentRun[] = [];
  for (const run of parsed) {
    const init = run.init === null ? null : (await checked(run.init)).real;
    const segments: PlaylistSegment[] = [];
    for (const s of run.segments) {
      const seen = await checked(s.uri);
      segments.push({ file: seen.real, durationSec: s.durationSec, size: seen.size, mtimeMs: seen.mtimeMs });
    }
    runs.push({ init, segments, durationSec: segments.reduce((t, s) => t + s.durationSec, 0) });
  }
  return {
    runs,
    durationSec: runs.reduce((t, r) => t + r.durationSec, 0),
    fingerprint: fingerprint.join('\n'),
  };
}

/** A quoted ffconcat string. */
const quoted = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

export interface RemuxProgress {
  /** 0–100, 100 once ffmpeg reports the end. */
  percent: number;
}

export interface RemuxOptions extends ToolOptions {
  /** Every segment must be a file under this directory. */
  root: string;
  onProgress?: (p: RemuxProgress) => void;
  signal?: AbortSignal;
}

export interface RemuxResult {
  /** What ffprobe reads from the MP4. */
  durationSec: number;
  /** What the playlist's #EXTINF add up to. */
  playlistDurationSec: number;
  elapsedMs: number;
}

/**
 * The MP4 of one HLS variant, without re-encoding: H.264 and AAC are copied from the fMP4 segments
 * (after their init segment) or, for ladders written before ADR 0038, from MPEG-TS ones (ADTS headers
 * rewritten for MP4 by aac_adtstoasc, which leaves MP4's AAC as it is) with the index first (faststart),
 * so players start before the whole file is there.
 *
 * Each continuous run becomes a playlist of its own and the runs are joined by ffmpeg's concat demuxer
 * with the run's #EXTINF total as its duration: concat shifts every run to start where the one before
 * ended, so a playlist that repeats a clip with #EXT-X-DISCONTINUITY gets its full length instead of
 * timestamps that jump back. Inside a run the hls demuxer reads the segments as the one stream they are.
 * All inputs are files this function wrote or checked, read through `file` only and the concat, hls,
 * mpegts and mov demuxers only. The MP4 is written beside outFile and renamed into place once ffprobe reads the
 * duration the playlist promises (within half a second).
 */
export async function remuxHlsToMp4(
  playlistFile: string,
  outFile: string,
  opts: RemuxOptions,
): Promise<RemuxResult> {
  const started = Date.now();
  if (opts.signal?.aborted) throw new MediaError('aborted', 'remux aborted');
  const variant = await readVariantPlaylist(playlistFile, opts.root);
  const target = resolve(outFile);
  const work = `${target}.work`;
  const partial = join(work, 'out.mp4');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const list = ['ffconcat version 1.0'];
    for (const [i, run] of variant.runs.entries()) {
      const runFile = join(work, `run-${i}.m3u8`);
      const target = Math.ceil(Math.max(...run.segments.map((s) => s.durationSec)));
      const body = [
        '#EXTM3U',
        run.init ? '#EXT-X-VERSION:7' : '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${target}`,
        '#EXT-X-PLAYLIST-TYPE:VOD',
        ...(run.init ? [`#EXT-X-MAP:URI="file:${run.init}"`] : []),
        ...run.segments.flatMap((s) => [`#EXTINF:${s.durationSec.toFixed(6)},`, `file:${s.file}`]),
        '#EXT-X-ENDLIST',
        '',
      ];
      await writeFile(runFile, body.join('\n'));
      list.push(`file ${quoted(`file:${runFile}`)}`, `duration ${run.durationSec.toFixed(6)}`);
    }
    const listFile = join(work, 'list.ffconcat');
    await writeFile(listFile, `${list.join('\n')}\n`);

    const limits = resolveMediaLimits(opts.limits);
    const args = [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      '-y',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      // mov reads fMP4 segments (ADR 0038), mpegts the ladders written before it.
      'concat,hls,mpegts,mov',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      `file:${listFile}`,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-bsf:a',
      'aac_adtstoasc',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      `file:${partial}`,
    ];
    const exit = await runFfmpeg(opts.ffmpegPath ?? DEFAULT_FFMPEG, args, variant.durationSec, limits, {
      signal: opts.signal,
      onProgress: (p) => opts.onProgress?.({ percent: p.percent }),
    });
    const detail = { detail: exit.stderrTail };
    if (opts.signal?.aborted) throw new MediaError('aborted', 'remux aborted');
    if (exit.timedOut) throw new MediaError('processing_timeout', 'remux timed out', detail);
    if (hitMemoryCeiling({ ...exit, stderr: exit.stderrTail }, exit.memoryLimited))
      throw new MediaError('processing_out_of_memory', 'remux ran out of memory', detail);
    if (exit.code !== 0) {
      throw new MediaError('transcode_failed', `remux failed (ffmpeg exit ${exit.code})`, detail);
    }

    const durationSec = await probeDuration(partial, opts, limits);
    if (!(Math.abs(durationSec - variant.durationSec) <= 0.5)) {
      throw new MediaError('transcode_failed', 'remux has the wrong duration', {
        detail: `MP4 ${durationSec} s, playlist ${variant.durationSec} s`,
      });
    }
    await mkdir(dirname(target), { recursive: true });
    await rename(partial, target);
    return { durationSec, playlistDurationSec: variant.durationSec, elapsedMs: Date.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function probeDuration(
  file: string,
  opts: RemuxOptions,
  limits: ReturnType<typeof resolveMediaLimits>,
): Promise<number> {
  const run = await runTool(
    opts.ffprobePath ?? DEFAULT_FFPROBE,
    ['-v', 'error', ...sandboxedInput(file), '-show_entries', 'format=duration', '-of', 'csv=p=0'],
    { limits, timeoutMs: limits.timeoutFloorSec * 1000, signal: opts.signal },
  );
  const seconds = Number.parseFloat(run.stdout.trim());
  if (run.code !== 0 || !Number.isFinite(seconds)) {
    throw new MediaError('transcode_failed', 'the remuxed MP4 cannot be probed', { detail: run.stderr });
  }
  return seconds;
}
