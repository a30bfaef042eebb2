import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseSource } from './analysis';
import { MediaError } from './errors';
import { FINGERPRINT_FILTERS, type Fingerprint, fingerprintFromGray } from './fingerprint';
import { sandboxedInput } from './input-sandbox';
import { probe } from './probe';
import { hitMemoryCeiling, resolveMediaLimits, transcodeTimeoutMs } from './resource-limits';
import { DEFAULT_RESTORATION_SETTINGS, planRestoration, restorationVideoFilters } from './restoration';
import { runTool } from './run-tool';
import { DEFAULT_FFMPEG, type ToolOptions } from './tool-options';

/**
 * The fingerprint of a file outside the pipeline (a blocklist sample, a video processed before
 * fingerprints existed): probe, analysis (so bars are cropped as the pipeline crops them), one decode.
 */
export async function fingerprintFile(
  input: string,
  opts: ToolOptions & { signal?: AbortSignal } = {},
): Promise<Fingerprint> {
  const probed = await probe(input, {
    ffprobePath: opts.ffprobePath,
    limits: opts.limits,
    signal: opts.signal,
  });
  const tools = { ffmpegPath: opts.ffmpegPath, limits: opts.limits, signal: opts.signal };
  const restoration = planRestoration(
    probed,
    await analyseSource(input, probed, DEFAULT_RESTORATION_SETTINGS.loudness, tools),
    { loudness: 'off' },
  );
  const dir = await mkdtemp(join(tmpdir(), 'vt-fingerprint-'));
  try {
    const out = join(dir, 'frames.gray');
    const limits = resolveMediaLimits(opts.limits);
    const filters = [...restorationVideoFilters(restoration), FINGERPRINT_FILTERS].join(',');
    const args = ['-hide_banner', '-nostdin', '-v', 'error', ...sandboxedInput(input)];
    args.push(
      '-map',
      `0:${probed.videoStreamIndex}`,
      '-vf',
      filters,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      out,
    );
    const run = await runTool(opts.ffmpegPath ?? DEFAULT_FFMPEG, args, {
      signal: opts.signal,
      timeoutMs: transcodeTimeoutMs(probed.durationSec, limits),
      limits,
    });
    if (run.timedOut) throw new MediaError('processing_timeout', 'fingerprint timed out');
    if (hitMemoryCeiling(run, run.memoryLimited))
      throw new MediaError('processing_out_of_memory', 'fingerprint ran out of memory');
    if (run.code !== 0) throw new MediaError('corrupted_file', 'fingerprint failed', { detail: run.stderr });
    return fingerprintFromGray(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
