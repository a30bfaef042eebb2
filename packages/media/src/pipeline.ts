import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyseSource } from './analysis';
import { encodeFingerprint, fingerprintFromGray, summarize } from './fingerprint';
import { av1CodecString, parseMasterBandwidths, parseMasterCodecs, withMissingCodecs } from './hls-playlist';
import {
  type MasterFacts,
  type MediaManifest,
  manifestFromPlan,
  readManifest,
  writeManifest,
} from './manifest';
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
  let facts: MasterFacts = { bandwidths: new Map(), codecs: new Map() };
  let fingerprint: MediaManifest['fingerprint'];
  await transcode(input, outDir, plan, {
    ffmpegPath: opts.ffmpegPath,
    limits: opts.limits,
    signal: opts.signal,
    onProgress: opts.onProgress,
    beforeCommit: async (dir) => {
      facts = await completeMaster(dir, plan);
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
      await writeManifest(dir, manifestFromPlan(plan, facts, fingerprint));
    },
  });
  return manifestFromPlan(plan, facts, fingerprint);
}

/**
 * Adds the CODECS ffmpeg leaves out (AV1, read from each AV1 variant's init segment) to the master
 * playlist, and returns what it lists: each variant's BANDWIDTH and CODECS.
 */
async function completeMaster(dir: string, plan: MediaPlan): Promise<MasterFacts> {
  const file = join(dir, MEDIA_FILES.master);
  let text = await readFile(file, 'utf8');
  if (plan.av1) {
    const missing = new Map<string, string>();
    for (const r of plan.av1.renditions) {
      const init = join(dir, r.name, MEDIA_FILES.initPattern.replace('%v', r.name));
      const video = av1CodecString(await readFile(init));
      if (video) missing.set(r.name, plan.hasAudio ? `${video},mp4a.40.2` : video);
    }
    text = withMissingCodecs(text, missing);
    await writeFile(file, text);
  }
  return { bandwidths: parseMasterBandwidths(text), codecs: parseMasterCodecs(text) };
}
