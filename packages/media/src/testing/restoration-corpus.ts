import { join } from 'node:path';
import { parseCropdetect, parseIdet } from '../analysis';
import type { MediaManifest } from '../manifest';
import { MEDIA_FILES } from '../media-layout';
import { processVideo } from '../pipeline';
import { runTool } from '../run-tool';

/**
 * The restoration corpus (issue 23), generated with lavfi: each analogue-era defect goes in, the ladder's
 * top rendition comes out and is measured with the same filters a person would use to check it. Shared by
 * restoration-corpus.test.ts (which asserts the figures) and the transcode bench (which prints them).
 * A blurred testsrc2 stands for film: idet reads razor-sharp synthetic edges as combing.
 */
const FILM = 'testsrc2=s=720x480:r=24000/1001:d=6,gblur=sigma=2';
const VIDEO_60 = 'testsrc2=s=720x480:r=60000/1001:d=6,gblur=sigma=2';
const tone = (extra = '') => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=6${extra}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p'];
const interlacedH264 = [...h264, '-flags', '+ildct+ilme', '-x264opts', 'tff=1'];
const aac = ['-c:a', 'aac', '-b:a', '96k', '-shortest'];

export const CORPUS_SOURCES: Record<string, string[]> = {
  interlaced: ['-f', 'lavfi', '-i', `${VIDEO_60},interlace=scan=tff`, ...tone(), ...interlacedH264, ...aac],
  telecined: [
    '-f',
    'lavfi',
    '-i',
    `${FILM},telecine=first_field=top:pattern=23`,
    ...tone(),
    ...interlacedH264,
    ...aac,
  ],
  letterboxed: [
    '-f',
    'lavfi',
    '-i',
    `${FILM},scale=720:360,pad=720:480:0:60:black,setsar=1`,
    ...tone(),
    ...h264,
    ...aac,
  ],
  pillarboxed: [
    '-f',
    'lavfi',
    '-i',
    `${FILM},scale=540:480,pad=720:480:90:0:black,setsar=1`,
    ...tone(),
    ...h264,
    ...aac,
  ],
  quiet: ['-f', 'lavfi', '-i', FILM, ...tone(',volume=-25dB'), ...h264, ...aac],
  // NTSC DV's 4:3: 720×480 stored, pixels 8/9 as wide as tall.
  anamorphic: ['-f', 'lavfi', '-i', `${FILM},setsar=8/9`, ...tone(), ...h264, ...aac],
};

export async function corpusFfmpeg(args: string[]): Promise<string> {
  const run = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', ...args]);
  if (run.code !== 0) throw new Error(run.stderr.slice(-1500));
  return run.stderr;
}

export async function probeVideo(file: string) {
  const run = await runTool('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,avg_frame_rate,r_frame_rate,sample_aspect_ratio',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(run.stdout) as { streams: Record<string, string | number>[] }).streams[0]!;
}

export const integratedLoudness = async (file: string) => {
  const stderr = await corpusFfmpeg(['-i', file, '-map', '0:a', '-af', 'ebur128', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return Number(/I:\s*(-?[\d.]+) LUFS/.exec(summary)?.[1]);
};

/** Generates every corpus source under dir and runs the pipeline on it (restoration on, as for uploads). */
export async function processCorpus(dir: string): Promise<Map<string, MediaManifest>> {
  const manifests = new Map<string, MediaManifest>();
  for (const [name, args] of Object.entries(CORPUS_SOURCES)) {
    const source = join(dir, `${name}.mp4`);
    await corpusFfmpeg(['-y', ...args, source]);
    manifests.set(name, await processVideo(source, join(dir, name)));
  }
  return manifests;
}

/** The top rendition of a processed corpus entry, with its variant playlist. */
export function topRendition(dir: string, name: string, manifest: MediaManifest) {
  const r = manifest.renditions[0]!;
  return { ...r, playlist: join(dir, name, r.name, MEDIA_FILES.variantPlaylist) };
}

export interface CorpusFigures {
  decision: string;
  /** Share of frames idet calls progressive in the output, and of repeated fields (pulldown left). */
  progressiveShare: number;
  repeatedFieldShare: number;
  frameRate: string;
  width: number;
  height: number;
  /** What cropdetect still finds around the picture, in pixels (width, height). */
  barsLeft: [number, number];
  displayAspect: number;
  sampleAspect: string;
  loudnessIn: number;
  loudnessOut: number;
}

/** What the output of each corpus entry measures: the figures the test asserts and the bench prints. */
export async function corpusFigures(
  dir: string,
  name: string,
  manifest: MediaManifest,
): Promise<CorpusFigures> {
  const r = topRendition(dir, name, manifest);
  const fields = parseIdet(await corpusFfmpeg(['-i', r.playlist, '-vf', 'idet', '-f', 'null', '-']))!;
  const picture = parseCropdetect(
    await corpusFfmpeg(['-i', r.playlist, '-vf', 'cropdetect=limit=24:round=2:reset=0', '-f', 'null', '-']),
  )!;
  const probed = await probeVideo(r.playlist);
  const restoration = manifest.restoration;
  return {
    decision: [
      restoration?.fields.mode ?? 'none',
      restoration?.crop ? 'crop' : null,
      restoration?.loudness ? 'loudness' : null,
      restoration && restoration.sampleAspect !== 1 ? `sar ${restoration.sampleAspect.toFixed(3)}` : null,
    ]
      .filter(Boolean)
      .join(' + '),
    progressiveShare: fields.progressive / (fields.tff + fields.bff + fields.progressive),
    repeatedFieldShare: (fields.repeatedTop + fields.repeatedBottom) / fields.repeatedNeither,
    frameRate: String(probed.r_frame_rate),
    width: r.width,
    height: r.height,
    barsLeft: [r.width - picture.width, r.height - picture.height],
    displayAspect: r.width / r.height,
    sampleAspect: String(probed.sample_aspect_ratio),
    loudnessIn: await integratedLoudness(join(dir, `${name}.mp4`)),
    loudnessOut: await integratedLoudness(r.playlist),
  };
}
