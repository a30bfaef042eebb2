import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MediaError } from './errors';
import { runTool } from './run-tool';
import { DEFAULT_FFMPEG, type ToolOptions } from './tool-options';

const PATTERNS = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'mandelbrot', 'cellauto', 'life'] as const;

/** A synthetic 1280×720 JPEG (a test pattern, tinted by index) for demo albums. */
export async function generateDemoPhoto(
  outFile: string,
  index: number,
  opts: Pick<ToolOptions, 'ffmpegPath'> = {},
): Promise<void> {
  await mkdir(dirname(outFile), { recursive: true });
  const pattern = PATTERNS[index % PATTERNS.length];
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi'];
  args.push('-i', `${pattern}=size=1280x720:rate=1`, '-vf', `hue=h=${(index * 47) % 360}`);
  args.push('-frames:v', '1', '-q:v', '4', outFile);
  const run = await runTool(opts.ffmpegPath ?? DEFAULT_FFMPEG, args);
  if (run.code !== 0) throw new MediaError('transcode_failed', `demo photo failed: ${run.stderr.trim()}`);
}
