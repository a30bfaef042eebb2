import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { MediaError } from './errors';
import { runTool } from './run-tool';
import { DEFAULT_FFMPEG, type ToolOptions } from './tool-options';

export type DemoPattern =
  | 'testsrc'
  | 'testsrc2'
  | 'smptebars'
  | 'smptehdbars'
  | 'pal75bars'
  | 'rgbtestsrc'
  | 'yuvtestsrc'
  | 'mandelbrot'
  | 'cellauto'
  | 'life';

export interface DemoClipSpec {
  seconds: number;
  pattern: DemoPattern;
  /** ffmpeg colour ('orange', '#33aaff') of a bar that sweeps across the picture. */
  color?: string;
  /** Hue rotation in degrees, for colour variety between clips of one pattern. */
  hue?: number;
  toneHz: number;
  width?: number;
  height?: number;
  fps?: number;
}

/** The lavfi source; expensive generators run at a quarter of the size and are scaled up. */
function sourceFilter(pattern: DemoPattern, w: number, h: number, fps: number): string {
  const small = `${Math.max(16, Math.round(w / 4))}x${Math.max(16, Math.round(h / 4))}`;
  switch (pattern) {
    case 'mandelbrot':
      return `mandelbrot=size=${small}:rate=${fps},scale=${w}:${h}:flags=bilinear`;
    case 'life':
      // Unscaled cells are noise to the encoder: huge files and slow transcodes.
      return `life=size=${small}:rate=${fps}:mold=10:ratio=0.3:life_color=#ffdd55:death_color=#202040:mold_color=#803010,scale=${w}:${h}:flags=neighbor`;
    case 'cellauto':
      return `cellauto=size=${small}:rate=${fps}:rule=30:scroll=1,scale=${w}:${h}:flags=neighbor`;
    default:
      return `${pattern}=size=${w}x${h}:rate=${fps}`;
  }
}

export function buildDemoClipArgs(outFile: string, spec: DemoClipSpec): string[] {
  const w = spec.width ?? 1280;
  const h = spec.height ?? 720;
  const fps = spec.fps ?? 25;
  const filters = [sourceFilter(spec.pattern, w, h, fps)];
  if (spec.hue) filters.push(`hue=h=${spec.hue}`);
  if (spec.color) {
    // A moving bar gives every thumbnail and sprite tile a different picture, even on static patterns.
    const bar = Math.round(w / 8);
    filters.push(
      `drawbox=x='mod(t*${Math.round(w / 6)},iw+${bar})-${bar}':y=ih*3/4:w=${bar}:h=ih/8:color=${spec.color}:t=fill`,
    );
  }
  filters.push('format=yuv420p');
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    filters.join(','),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${spec.toneHz}:sample_rate=48000`,
    '-t',
    String(spec.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(fps * 2),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outFile,
  ];
}

/** Writes a synthetic H.264 + AAC MP4 from lavfi sources (a test pattern and a sine tone). */
export async function generateDemoClip(
  outFile: string,
  spec: DemoClipSpec,
  opts: Pick<ToolOptions, 'ffmpegPath'> & { signal?: AbortSignal } = {},
): Promise<void> {
  const target = resolve(outFile);
  const part = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });
  let run: Awaited<ReturnType<typeof runTool>>;
  try {
    run = await runTool(opts.ffmpegPath ?? DEFAULT_FFMPEG, buildDemoClipArgs(part, spec), {
      signal: opts.signal,
    });
  } catch (cause) {
    await rm(part, { force: true });
    throw new MediaError('transcode_failed', `cannot run ffmpeg: ${(cause as Error).message}`, { cause });
  }
  if (run.code !== 0) {
    await rm(part, { force: true });
    throw new MediaError('transcode_failed', `demo clip failed: ${run.stderr.trim()}`, {
      detail: run.stderr,
    });
  }
  await rename(part, target);
}
