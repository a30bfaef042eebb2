import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MediaError } from './errors';
import { isAllowedFormat, sandboxedInput } from './input-sandbox';
import { assertWithinBounds, DEFAULT_MEDIA_BOUNDS, type MediaBounds } from './media-bounds';
import type { ProbeResult } from './probe-result';
import { hitMemoryCeiling, resolveMediaLimits } from './resource-limits';
import { runTool } from './run-tool';
import { DEFAULT_FFPROBE, type ToolOptions } from './tool-options';

export type { ProbeResult };

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  bit_rate?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

interface FfprobeJson {
  streams?: FfprobeStream[];
  format?: { duration?: string; bit_rate?: string; format_name?: string; tags?: Record<string, string> };
}

const corrupted = (detail?: string) => new MediaError('corrupted_file', 'corrupted file', { detail });

function positive(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

function rational(text: string | undefined): number | null {
  if (!text) return null;
  const [num, den = '1'] = text.split(/[/:]/);
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Matroska keeps durations as tags ('00:01:02.500000000'). */
function clockSeconds(text: string | undefined): number | null {
  const m = text ? /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim()) : null;
  return m ? positive(Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) : null;
}

function streamBitrate(s: FfprobeStream | undefined): number | null {
  if (!s) return null;
  const bps = positive(s.bit_rate) ?? positive(s.tags?.BPS) ?? positive(s.tags?.['BPS-eng']);
  return bps === null ? null : Math.round(bps);
}

function rotationOf(s: FfprobeStream): number {
  const matrix = s.side_data_list?.find((d) => typeof d.rotation === 'number');
  const raw = matrix?.rotation ?? Number(s.tags?.rotate ?? 0);
  // Display matrices and the old rotate tag disagree on direction; only the axis matters here.
  const deg = (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(deg) ? deg : 0;
}

/** Too-high rates come from containers that report a timebase rather than a frame rate. */
function frameRateOf(s: FfprobeStream): { fps: number; frameRate: string } {
  for (const text of [s.avg_frame_rate, s.r_frame_rate]) {
    const fps = rational(text);
    if (fps !== null && fps <= 240) return { fps, frameRate: text! };
  }
  return { fps: 30, frameRate: '30' };
}

/** Turns `ffprobe -show_format -show_streams` JSON into what the planner needs. Pure. */
export function parseProbe(json: unknown): ProbeResult {
  const data = (json ?? {}) as FfprobeJson;
  // The whitelist given to ffprobe already refuses other demuxers; this holds should it ever be bypassed.
  const formatName = data.format?.format_name ?? 'unknown';
  if (!isAllowedFormat(formatName)) throw corrupted(`format ${formatName} is not accepted`);
  const streams = Array.isArray(data.streams) ? data.streams : [];
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' && !s.disposition?.attached_pic && positive(s.width) && positive(s.height),
  );
  if (!video) throw corrupted('no video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');

  // The picture's own length first: with sound running on past the last frame, the container's is longer,
  // and the ladder, which follows the picture, would look truncated against it.
  const videoDurationSec = positive(video.duration) ?? clockSeconds(video.tags?.DURATION);
  const containerDurationSec =
    positive(data.format?.duration) ?? clockSeconds(data.format?.tags?.DURATION) ?? videoDurationSec;
  const durationSec = videoDurationSec ?? containerDurationSec;
  if (durationSec === null || containerDurationSec === null) throw corrupted('no duration');

  const codedWidth = video.width!;
  const codedHeight = video.height!;
  const sar = rational(video.sample_aspect_ratio);
  const displayWidth = sar && sar !== 1 ? Math.round(codedWidth * sar) : codedWidth;
  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;

  return {
    durationSec,
    containerDurationSec,
    width: sideways ? codedHeight : displayWidth,
    height: sideways ? displayWidth : codedHeight,
    codedWidth,
    codedHeight,
    rotation,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio ? (audio.codec_name ?? 'unknown') : null,
    videoBitrate: streamBitrate(video),
    audioBitrate: streamBitrate(audio),
    formatBitrate:
      positive(data.format?.bit_rate) === null ? null : Math.round(Number(data.format?.bit_rate)),
    ...frameRateOf(video),
    hasAudio: Boolean(audio),
    audioSampleRate: audio ? positive(audio.sample_rate) : null,
    audioChannels: audio ? positive(audio.channels) : null,
    videoStreamIndex: video.index ?? 0,
    audioStreamIndex: audio ? (audio.index ?? null) : null,
    formatName,
    streamCount: streams.length,
    frameRates: { average: rational(video.avg_frame_rate), base: rational(video.r_frame_rate) },
  };
}

/**
 * Runs ffprobe on a file, through the input sandbox and under the resource limits, and refuses what is out
 * of bounds. Unreadable, video-less or non-whitelisted input is a MediaError 'corrupted_file'.
 */
export async function probe(
  file: string,
  opts: ToolOptions & { signal?: AbortSignal; bounds?: MediaBounds } = {},
): Promise<ProbeResult> {
  const input = resolve(file);
  let size: number;
  try {
    size = (await stat(input)).size;
  } catch (cause) {
    // A missing file is our bug, not the uploader's.
    throw new MediaError('probe_failed', `input not found: ${input}`, { cause });
  }
  const limits = resolveMediaLimits(opts.limits);
  const args = [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...sandboxedInput(input),
  ];
  let run: Awaited<ReturnType<typeof runTool>>;
  try {
    run = await runTool(opts.ffprobePath ?? DEFAULT_FFPROBE, args, {
      signal: opts.signal,
      timeoutMs: limits.timeoutFloorSec * 1000,
      limits,
    });
  } catch (cause) {
    if (opts.signal?.aborted) throw new MediaError('aborted', 'probe aborted', { cause });
    throw new MediaError('probe_failed', `cannot run ffprobe: ${(cause as Error).message}`, { cause });
  }
  if (run.timedOut)
    throw new MediaError('processing_timeout', 'probe timed out', { detail: run.stderr.trim() });
  if (hitMemoryCeiling(run, run.memoryLimited))
    throw new MediaError('processing_out_of_memory', 'probe ran out of memory', {
      detail: run.stderr.trim(),
    });
  if (run.code !== 0) throw corrupted(run.stderr.trim());
  let json: unknown;
  try {
    json = JSON.parse(run.stdout);
  } catch (cause) {
    throw new MediaError('probe_failed', 'ffprobe printed invalid JSON', {
      cause,
      detail: run.stdout.slice(0, 500),
    });
  }
  const probed = parseProbe(json);
  assertWithinBounds(probed, size, opts.bounds ?? DEFAULT_MEDIA_BOUNDS);
  return probed;
}
