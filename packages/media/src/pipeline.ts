import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyseSource } from './analysis';
import { encodeFingerprint, fingerprintFromGray, summarize } from './fingerprint';
import { parseMasterBandwidths } from './hls-playlist';
import { type MediaManifest, manifestFromPlan, readManifest, writeManifest } from './manifest';
import { MEDIA_FILES } from './media-layout';
import type { MediaSettingsInput } from './media-settings';
import { buildPlan, type MediaPlan } from './plan';
import { probe } from './probe';
import { DEFAULT_RESTORATION_SETTINGS, planRestoration, type RestorationOverrides } from './restoration';
import { keepAfterStill } from './restoration-stills';
import { type TranscodeProgress, transcode } from './runner';
import type { ToolOptions } from './tool-options';
import { buildTimelineVtt } from './vtt';

export interface ProcessVideoOptions extends ToolOptions {
  settings?: MediaSettingsInput;
  onProgress?: (p: TranscodeProgress) => void;
  /**
   * Restoration (issue 23): measured by a short analysis pass and applied in the one decode, with a
   * moderator's overrides; false skips the pass (sources known to be clean, such as generated demo clips).
   */
  restore?: RestorationOverrides | false;
  /** Called once the plan is known, before encoding starts. */
  onPlan?: (plan: MediaPlan) => void;
  signal?: AbortSignal;
}

/**
 * Probe, analyse, plan, one ffmpeg run, then timeline.vtt and manifest.json. The manifest is written inside the
 * temporary directory before it is renamed, so a directory with a manifest is always complete; when outDir
 * already has one, it is returned without encoding again.
 */
export async function processVideo(
  input: string,
  outDir: string,
  opts: ProcessVideoOptions = {},
): Promise<MediaManifest> {
  const existing = await readManifest(outDir);
  if (existing) return existing;

  const probed = await probe(input, {
    ffprobePath: opts.ffprobePath,
    limits: opts.limits,
    signal: opts.signal,
  });
  const tools = { ffmpegPath: opts.ffmpegPath, limits: opts.limits, signal: opts.signal };
  const restoration =
    opts.restore === false
      ? null
      : planRestoration(
          probed,
          await analyseSource(input, probed, DEFAULT_RESTORATION_SETTINGS.loudness, tools),
          opts.restore,
        );
  const plan = buildPlan(probed, opts.settings, restoration);
  opts.onPlan?.(plan);
  let bandwidths: ReadonlyMap<string, number> = new Map();
  let fingerprint: MediaManifest['fingerprint'];
  await transcode(input, outDir, plan, {
    ffmpegPath: opts.ffmpegPath,
    limits: opts.limits,
    signal: opts.signal,
    onProgress: opts.onProgress,
    beforeCommit: async (dir) => {
      bandwidths = parseMasterBandwidths(await readFile(join(dir, MEDIA_FILES.master), 'utf8'));
      await writeFile(join(dir, MEDIA_FILES.vtt), buildTimelineVtt(plan.sprites, plan.durationSec));
      await keepAfterStill(dir, plan);
      const frames = join(dir, MEDIA_FILES.fingerprintFrames);
      const fp = fingerprintFromGray(await readFile(frames));
      await writeFile(join(dir, MEDIA_FILES.fingerprint), encodeFingerprint(fp));
      await rm(frames, { force: true });
      const summary = summarize(fp);
      fingerprint = {
        file: MEDIA_FILES.fingerprint,
        seconds: fp.valid.length,
        summary: summary ? [summary.hi, summary.lo] : null,
      };
      await writeManifest(dir, manifestFromPlan(plan, bandwidths, fingerprint));
    },
  });
  return manifestFromPlan(plan, bandwidths, fingerprint);
}
