import { MediaError } from './errors';
import { sandboxedInput } from './input-sandbox';
import type { ProbeResult } from './probe';
import { hitMemoryCeiling, resolveMediaLimits } from './resource-limits';
import { runTool } from './run-tool';
import { DEFAULT_FFMPEG, type ToolOptions } from './tool-options';

/** ffmpeg idet's totals: how many frames looked like which field order, and how many repeated a field. */
export interface FieldCounts {
  tff: number;
  bff: number;
  progressive: number;
  undetermined: number;
  repeatedNeither: number;
  repeatedTop: number;
  repeatedBottom: number;
}

/** A rectangle of the coded picture, in stored pixels. */
export interface CropBox {
  width: number;
  height: number;
  x: number;
  y: number;
}

/**
 * cropdetect's box after a quarter of the sampled frames and at the end. Bars are there from the first
 * frame, so the box is complete early; a box still growing late follows a dark picture, not bars.
 */
export interface PictureBox extends CropBox {
  early: CropBox;
}

/** loudnorm's first-pass measurement (EBU R128), what its second pass needs to apply one linear gain. */
export interface LoudnessMeasurement {
  integrated: number;
  truePeak: number;
  range: number;
  threshold: number;
  offset: number;
}

/** What the analysis pass measured on samples of the source. */
export interface SourceAnalysis {
  /** Seconds of the source the pass looked at. */
  sampledSec: number;
  fields: FieldCounts | null;
  /** The smallest box that held every non-black pixel of every sampled frame; null when none was seen. */
  picture: PictureBox | null;
  loudness: LoudnessMeasurement | null;
}

export interface AnalysisWindow {
  startSec: number;
  durationSec: number;
}

/** How many seconds, in how many places, the pass samples of a long source. */
export const ANALYSIS_WINDOWS = 3;
export const ANALYSIS_WINDOW_SEC = 10;

/**
 * Where to sample: a short source whole, a long one in ANALYSIS_WINDOWS windows spread over its middle
 * (past opening titles and before end credits, which are often black or silent). Pure.
 */
export function analysisWindows(durationSec: number): AnalysisWindow[] {
  const whole = ANALYSIS_WINDOWS * ANALYSIS_WINDOW_SEC;
  if (durationSec <= whole * 1.5) return [{ startSec: 0, durationSec }];
  return Array.from({ length: ANALYSIS_WINDOWS }, (_, i) => {
    const at = durationSec * (0.15 + (0.7 * i) / (ANALYSIS_WINDOWS - 1));
    return {
      startSec: Math.round(Math.max(0, at - ANALYSIS_WINDOW_SEC / 2) * 1000) / 1000,
      durationSec: ANALYSIS_WINDOW_SEC,
    };
  });
}

const num = (text: string | undefined) => (text === undefined ? Number.NaN : Number(text));

/** The last totals idet printed (it prints them when the stream ends). Pure. */
export function parseIdet(stderr: string): FieldCounts | null {
  const multi = [
    ...stderr.matchAll(
      /Multi frame detection:\s*TFF:\s*(\d+)\s*BFF:\s*(\d+)\s*Progressive:\s*(\d+)\s*Undetermined:\s*(\d+)/g,
    ),
  ].at(-1);
  const repeated = [
    ...stderr.matchAll(/Repeated Fields:\s*Neither:\s*(\d+)\s*Top:\s*(\d+)\s*Bottom:\s*(\d+)/g),
  ].at(-1);
  if (!multi || !repeated) return null;
  return {
    tff: num(multi[1]),
    bff: num(multi[2]),
    progressive: num(multi[3]),
    undetermined: num(multi[4]),
    repeatedNeither: num(repeated[1]),
    repeatedTop: num(repeated[2]),
    repeatedBottom: num(repeated[3]),
  };
}

/** cropdetect with reset=0 grows its box with every frame: the last one covers them all. Pure. */
export function parseCropdetect(stderr: string): PictureBox | null {
  const boxes = [...stderr.matchAll(/crop=(\d+):(\d+):(\d+):(\d+)/g)].map((m) => {
    const [width, height, x, y] = m.slice(1, 5).map(Number);
    return { width, height, x, y };
  });
  const last = boxes.at(-1);
  if (!last || last.width <= 0 || last.height <= 0) return null;
  return { ...last, early: boxes[Math.floor((boxes.length - 1) / 4)]! };
}

/** loudnorm's print_format=json block. Silence measures -inf, which is no measurement. Pure. */
export function parseLoudnorm(stderr: string): LoudnessMeasurement | null {
  const block = /\{[^{}]*"input_i"[^{}]*\}/.exec(stderr)?.[0];
  if (!block) return null;
  let json: Record<string, string>;
  try {
    json = JSON.parse(block) as Record<string, string>;
  } catch {
    return null;
  }
  const m = {
    integrated: num(json.input_i),
    truePeak: num(json.input_tp),
    range: num(json.input_lra),
    threshold: num(json.input_thresh),
    offset: num(json.target_offset),
  };
  return Object.values(m).every(Number.isFinite) ? m : null;
}

/** The loudness target the measurement pass is run against (its offset is only meaningful for it). */
export interface LoudnessTarget {
  integrated: number;
  truePeak: number;
  range: number;
}

export function loudnormOptions(t: LoudnessTarget): string {
  return `I=${t.integrated}:TP=${t.truePeak}:LRA=${t.range}`;
}

/**
 * The analysis command: every window read through the input sandbox, joined, then idet and cropdetect on
 * the picture and loudnorm (measuring only) on the sound, into the null muxer. Pure.
 */
export function buildAnalysisArgs(
  input: string,
  probe: Pick<ProbeResult, 'durationSec' | 'videoStreamIndex' | 'audioStreamIndex' | 'hasAudio'>,
  target: LoudnessTarget,
): string[] {
  const windows = analysisWindows(probe.durationSec);
  const audio = probe.hasAudio && probe.audioStreamIndex !== null;
  const inputs = windows.flatMap((w) => [
    '-ss',
    String(w.startSec),
    '-t',
    String(w.durationSec),
    ...sandboxedInput(input),
  ]);
  const parts = windows
    .map((_, i) => `[${i}:${probe.videoStreamIndex}]${audio ? `[${i}:${probe.audioStreamIndex}]` : ''}`)
    .join('');
  const chains = [
    `${parts}concat=n=${windows.length}:v=1:a=${audio ? 1 : 0}[v]${audio ? '[a]' : ''}`,
    // limit 24 of 255: the black of an analogue transfer is rarely true black.
    '[v]idet,cropdetect=limit=24:round=2:reset=0[vout]',
  ];
  if (audio) chains.push(`[a]loudnorm=${loudnormOptions(target)}:print_format=json[aout]`);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    ...inputs,
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[vout]',
    ...(audio ? ['-map', '[aout]'] : []),
    '-f',
    'null',
    '-',
  ];
}

/**
 * The short analysis pass before transcoding (issue 23): interlacing and telecine (idet), black bars
 * (cropdetect) and loudness (loudnorm's measuring pass), on samples of the source, under the same
 * sandbox and limits as every other run.
 */
export async function analyseSource(
  input: string,
  probe: ProbeResult,
  target: LoudnessTarget,
  opts: ToolOptions & { signal?: AbortSignal } = {},
): Promise<SourceAnalysis> {
  const limits = resolveMediaLimits(opts.limits);
  const windows = analysisWindows(probe.durationSec);
  const sampledSec = windows.reduce((s, w) => s + Math.min(w.durationSec, probe.durationSec), 0);
  const run = await runTool(opts.ffmpegPath ?? DEFAULT_FFMPEG, buildAnalysisArgs(input, probe, target), {
    signal: opts.signal,
    timeoutMs: (limits.timeoutFloorSec + limits.timeoutFactor * sampledSec) * 1000,
    limits,
  }).catch((cause: unknown) => {
    if (opts.signal?.aborted) throw new MediaError('aborted', 'analysis aborted', { cause });
    throw new MediaError('transcode_failed', `cannot run ffmpeg: ${(cause as Error).message}`, { cause });
  });
  if (run.timedOut) throw new MediaError('processing_timeout', 'analysis timed out');
  if (hitMemoryCeiling(run, run.memoryLimited))
    throw new MediaError('processing_out_of_memory', 'analysis ran out of memory');
  if (run.code !== 0)
    throw new MediaError('corrupted_file', 'the source could not be analysed', {
      detail: run.stderr.trim().slice(-2000),
    });
  return {
    sampledSec,
    fields: parseIdet(run.stderr),
    picture: parseCropdetect(run.stderr),
    loudness: probe.hasAudio ? parseLoudnorm(run.stderr) : null,
  };
}
