import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { MediaError } from './errors';
import { buildFfmpegArgs } from './ffmpeg-args';
import { playlistDurationSec } from './hls-playlist';
import { LineTail } from './line-tail';
import { MEDIA_FILES, spritePath, TMP_SUFFIX } from './media-layout';
import { ladderVariants, type MediaPlan } from './plan';
import { ProgressParser } from './progress-parser';
import {
  hitMemoryCeiling,
  limitedCommand,
  type MediaLimits,
  type MediaLimitsInput,
  resolveMediaLimits,
  transcodeTimeoutMs,
} from './resource-limits';
import { DEFAULT_FFMPEG } from './tool-options';

export interface TranscodeProgress {
  stage: 'transcode';
  /** 0–100; 100 only once ffmpeg reports the end. */
  percent: number;
  outTimeSec: number;
  /** Multiple of real time; null until ffmpeg knows. */
  speed: number | null;
}

export interface TranscodeOptions {
  onProgress?: (p: TranscodeProgress) => void;
  ffmpegPath?: string;
  /** Wall-clock limit (proportional to the plan's duration) and memory ceiling of the run. */
  limits?: MediaLimitsInput;
  signal?: AbortSignal;
  /** Runs on the finished temporary directory just before it is renamed into place. */
  beforeCommit?: (tmpDir: string) => Promise<void>;
}

export interface TranscodeResult {
  elapsedMs: number;
}

const INPUT_PROBLEM =
  /Invalid data found when processing input|moov atom not found|could not find codec parameters|Error while decoding stream|corrupt|truncat/i;

export interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderrTail: string;
  timedOut: boolean;
  memoryLimited: boolean;
}

/** One ffmpeg run under the limits, with `-progress pipe:1` read into percentages of durationSec. */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  durationSec: number,
  limits: MediaLimits,
  opts: TranscodeOptions,
): Promise<FfmpegExit> {
  return new Promise((resolvePromise, reject) => {
    const limited = limitedCommand(ffmpeg, args, limits);
    const child = spawn(limited.command, limited.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: limited.env,
    });
    const parser = new ProgressParser();
    const tail = new LineTail(50);
    let percent = 0;
    let timedOut = false;
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      transcodeTimeoutMs(durationSec, limits),
    );

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const report of parser.feed(chunk)) {
        const outTimeSec = Math.min(report.outTimeSec ?? 0, durationSec);
        // The sprite sheets' timestamps run ahead at the end, so clamp and never go backwards.
        const raw = durationSec > 0 ? (outTimeSec / durationSec) * 100 : 0;
        percent = report.end ? 100 : Math.max(percent, Math.min(99.9, Math.round(raw * 10) / 10));
        opts.onProgress?.({
          stage: 'transcode',
          percent,
          outTimeSec: report.end ? durationSec : outTimeSec,
          speed: report.speed,
        });
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => tail.push(chunk));
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new MediaError('transcode_failed', `cannot run ffmpeg: ${err.message}`, { cause: err }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolvePromise({
        code,
        signal,
        stderrTail: tail.toString(),
        timedOut,
        memoryLimited: limited.memoryLimited,
      });
    });
  });
}

function missingOutputs(dir: string, plan: MediaPlan): string[] {
  const expected = [
    MEDIA_FILES.master,
    ...ladderVariants(plan).map((r) => join(r.name, MEDIA_FILES.variantPlaylist)),
    plan.stills.thumb.file,
    plan.stills.thumb2x.file,
    plan.stills.scr.file,
    ...Array.from({ length: plan.sprites.sheetCount }, (_, i) => spritePath(i)),
  ];
  return expected.filter((file) => !existsSync(join(dir, file)));
}

/**
 * A truncated upload still has its full duration in the header, and ffmpeg encodes what is there and
 * exits 0; the ladder comes out short.
 */
async function truncation(dir: string, plan: MediaPlan): Promise<string | null> {
  const playlist = await readFile(join(dir, plan.renditions[0].name, MEDIA_FILES.variantPlaylist), 'utf8');
  const encoded = playlistDurationSec(playlist);
  const expected = plan.durationSec;
  if (encoded >= expected * 0.9 || expected - encoded < 2) return null;
  return `encoded ${encoded.toFixed(1)} s of ${expected.toFixed(1)} s`;
}

/**
 * Runs the one-pass ffmpeg job for a plan. Everything is written to `${outDir}.tmp`, which replaces outDir
 * only once ffmpeg succeeded, so a crashed run never leaves a directory that looks finished.
 */
export async function transcode(
  input: string,
  outDir: string,
  plan: MediaPlan,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const started = Date.now();
  const target = resolve(outDir);
  const tmp = target + TMP_SUFFIX;
  if (opts.signal?.aborted) throw new MediaError('aborted', 'transcode aborted');

  await rm(tmp, { recursive: true, force: true });
  await mkdir(join(tmp, MEDIA_FILES.spritesDir), { recursive: true });
  for (const r of ladderVariants(plan)) await mkdir(join(tmp, r.name), { recursive: true });

  const args = buildFfmpegArgs(resolve(input), tmp, plan);
  let exit: FfmpegExit;
  try {
    const limits = resolveMediaLimits(opts.limits);
    exit = await runFfmpeg(opts.ffmpegPath ?? DEFAULT_FFMPEG, args, plan.durationSec, limits, opts);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }

  const fail = async (error: MediaError): Promise<never> => {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  };
  if (opts.signal?.aborted) return fail(new MediaError('aborted', 'transcode aborted'));
  const detail = { detail: exit.stderrTail };
  if (exit.timedOut) return fail(new MediaError('processing_timeout', 'transcode timed out', detail));
  if (hitMemoryCeiling({ ...exit, stderr: exit.stderrTail }, exit.memoryLimited))
    return fail(new MediaError('processing_out_of_memory', 'transcode ran out of memory', detail));
  if (exit.code !== 0) {
    if (INPUT_PROBLEM.test(exit.stderrTail)) {
      return fail(new MediaError('corrupted_file', 'corrupted file', { detail: exit.stderrTail }));
    }
    const message = `transcode failed (ffmpeg exit ${exit.code}): ${exit.stderrTail || 'no output'}`;
    return fail(new MediaError('transcode_failed', message, { detail: exit.stderrTail }));
  }
  const missing = missingOutputs(tmp, plan);
  // ffmpeg exits 0 when no frame could be decoded at all; the source is to blame.
  const problem = missing.length > 0 ? `missing ${missing.join(', ')}` : await truncation(tmp, plan);
  if (problem) return fail(new MediaError('corrupted_file', 'corrupted file', { detail: problem }));

  await rm(join(tmp, MEDIA_FILES.spritesDir, MEDIA_FILES.spritePrimer), { force: true });
  try {
    await opts.beforeCommit?.(tmp);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { recursive: true, force: true });
  await rename(tmp, target);
  return { elapsedMs: Date.now() - started };
}
