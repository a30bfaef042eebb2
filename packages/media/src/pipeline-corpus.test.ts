import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaManifest } from './manifest';
import { MEDIA_FILES } from './media-layout';
import { processVideo } from './pipeline';
import { runTool } from './run-tool';

/**
 * Valid media of every awkward kind must come through the one-pass run. The first start once crashed on
 * `[mjpeg] Invalid pts (0) <= last (0)` and a restart worked: the failure depended on which encoder thread
 * got which frame. So the corpus runs twice, two at a time, as the first start does.
 */
interface CorpusClip {
  name: string;
  ext: string;
  /** ffmpeg arguments between `-y` and the output file. */
  args: string[];
}

const video = (spec: string) => ['-f', 'lavfi', '-i', spec];
const tone = (seconds: number, rate = 48_000, hz = 440) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${hz}:sample_rate=${rate}:duration=${seconds}`,
];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-b:a', '64k'];
const small = 's=160x90';

const CORPUS: CorpusClip[] = [
  {
    name: 'one-second',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=25:d=1`), ...tone(1), ...h264, ...aac],
  },
  {
    name: 'fps-23.976',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=24000/1001:d=3`), ...tone(3), ...h264, ...aac],
  },
  {
    name: 'fps-25-matroska',
    ext: 'mkv',
    args: [...video(`testsrc2=${small}:r=25:d=3`), ...tone(3), ...h264, ...aac],
  },
  {
    name: 'fps-29.97',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=30000/1001:d=3`), ...tone(3), ...h264, ...aac],
  },
  { name: 'fps-50', ext: 'mp4', args: [...video(`testsrc2=${small}:r=50:d=3`), ...tone(3), ...h264, ...aac] },
  {
    name: 'fps-60-mov',
    ext: 'mov',
    args: [...video(`testsrc2=${small}:r=60:d=3`), ...tone(3), ...h264, ...aac],
  },
  // Above the ladder's 60 fps: capped by the fps filter.
  {
    name: 'fps-120',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=120:d=1.5`), ...tone(1.5), ...h264, ...aac],
  },
  {
    name: 'variable-rate-gaps',
    ext: 'mkv',
    args: [
      ...video(`testsrc2=${small}:r=30:d=4,select='not(between(mod(n\\,30)\\,10\\,20))'`),
      ...tone(4),
      '-fps_mode',
      'vfr',
      ...h264,
      ...aac,
    ],
  },
  {
    name: 'variable-rate-mixed',
    ext: 'mp4',
    args: [
      ...video(`testsrc2=${small}:r=25:d=3,setpts='if(lt(N\\,20)\\,N/25\\,0.8+(N-20)/10)/TB'`),
      '-fps_mode',
      'passthrough',
      ...h264,
    ],
  },
  {
    name: 'odd-size-mjpeg-avi',
    ext: 'avi',
    args: [...video('testsrc=s=161x91:r=25:d=2'), ...tone(2), '-c:v', 'mjpeg', '-c:a', 'pcm_s16le'],
  },
  { name: 'tiny-16', ext: 'mp4', args: [...video('testsrc=s=16x16:r=25:d=2'), ...h264] },
  {
    name: 'tiny-odd-ffv1',
    ext: 'mkv',
    args: [...video('testsrc=s=17x31:r=25:d=2'), ...tone(2), '-c:v', 'ffv1', ...aac],
  },
  {
    name: 'rotated-90',
    ext: 'mp4',
    args: [
      ...video('testsrc2=s=320x180:r=25:d=2'),
      ...tone(2),
      ...h264,
      ...aac,
      '-metadata:s:v:0',
      'rotate=90',
    ],
  },
  {
    name: 'rotated-180',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...h264, '-metadata:s:v:0', 'rotate=180'],
  },
  {
    name: 'anamorphic-8-9',
    ext: 'mp4',
    args: [...video('testsrc2=s=180x120:r=25:d=2,setsar=8/9'), ...tone(2), ...h264, ...aac],
  },
  { name: 'anamorphic-4-3', ext: 'mkv', args: [...video('testsrc2=s=120x90:r=25:d=2,setsar=4/3'), ...h264] },
  {
    name: 'interlaced-mpeg2',
    ext: 'mpg',
    args: [
      ...video(`testsrc2=${small}:r=50:d=2,tinterlace=mode=interleave_top`),
      ...tone(2),
      ...['-c:v', 'mpeg2video', '-flags', '+ilme+ildct', '-top', '1', '-c:a', 'mp2'],
    ],
  },
  { name: 'no-audio', ext: 'mp4', args: [...video(`testsrc2=${small}:r=25:d=3`), ...h264] },
  {
    name: 'three-audio-tracks',
    ext: 'mkv',
    args: [
      ...video(`testsrc2=${small}:r=25:d=2`),
      ...tone(2, 48_000, 440),
      ...tone(2, 44_100, 550),
      ...tone(2, 48_000, 660),
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-map', '3:a'],
      ...h264,
      ...aac,
    ],
  },
  {
    name: 'audio-longer',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...tone(4), ...h264, ...aac],
  },
  {
    name: 'video-longer',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=25:d=4`), ...tone(1), ...h264, ...aac],
  },
  { name: 'single-frame', ext: 'mp4', args: [...video(`testsrc2=${small}:r=25`), '-frames:v', '1', ...h264] },
  {
    name: 'single-frame-with-audio',
    ext: 'mkv',
    args: [...video(`testsrc2=${small}:r=25`), ...tone(2), '-frames:v', '1', ...h264, ...aac],
  },
  {
    name: 'vp8-webm',
    ext: 'webm',
    args: [
      ...video(`testsrc2=${small}:r=25:d=2`),
      ...tone(2),
      '-c:v',
      'libvpx',
      '-b:v',
      '200k',
      '-c:a',
      'libvorbis',
    ],
  },
  {
    name: 'mpeg-ts',
    ext: 'mts',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...tone(2), ...h264, ...aac],
  },
  {
    name: 'flv',
    ext: 'flv',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...tone(2, 44_100), '-c:v', 'flv', '-c:a', 'libmp3lame'],
  },
  {
    name: 'wmv',
    ext: 'wmv',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...tone(2, 44_100), '-c:v', 'wmv2', '-c:a', 'wmav2'],
  },
  {
    name: 'low-sample-rate-mono',
    ext: 'mp4',
    args: [...video(`testsrc2=${small}:r=25:d=2`), ...tone(2, 22_050), ...h264, ...aac, '-ac', '1'],
  },
  // Past the still time (10%, at least 1 s) and long enough for two-second sprite intervals.
  {
    name: 'beyond-still-time',
    ext: 'mp4',
    args: [...video('testsrc2=s=64x36:r=2:d=205'), ...tone(205, 8_000), ...h264, ...aac],
  },
];

async function generate(dir: string, clip: CorpusClip): Promise<string> {
  const file = join(dir, `${clip.name}.${clip.ext}`);
  const run = await runTool('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...clip.args, file]);
  if (run.code !== 0) throw new Error(`corpus clip ${clip.name}: ${run.stderr}`);
  return file;
}

/** Runs the tasks two at a time, as the first start's demo seeding does. */
async function twoAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

function expectComplete(out: string, manifest: MediaManifest, name: string) {
  expect(manifest.renditions.length, name).toBeGreaterThan(0);
  expect(manifest.durationSec, name).toBeGreaterThan(0);
  const files = [
    MEDIA_FILES.master,
    MEDIA_FILES.thumb,
    MEDIA_FILES.thumb2x,
    MEDIA_FILES.scr,
    MEDIA_FILES.preview,
    MEDIA_FILES.vtt,
    MEDIA_FILES.manifest,
    ...manifest.renditions.map((r) => join(r.name, MEDIA_FILES.variantPlaylist)),
    ...manifest.files.sprites,
  ];
  for (const file of files) expect(existsSync(join(out, file)), `${name}: ${file}`).toBe(true);
  expect(readdirSync(join(out, MEDIA_FILES.spritesDir)), name).toHaveLength(manifest.sprites.sheetCount);
}

describe('the one-pass run on a corpus of valid sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-corpus-'));
  const sources = new Map<string, string>();

  beforeAll(async () => {
    mkdirSync(join(dir, 'sources'));
    const files = await twoAtATime(CORPUS.map((clip) => () => generate(join(dir, 'sources'), clip)));
    for (const [i, clip] of CORPUS.entries()) sources.set(clip.name, files[i]);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has at least 20 sources', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CORPUS.map((c) => c.name)).size).toBe(CORPUS.length);
  });

  it('processes every source, twice, two at a time, without a failure', async () => {
    const failures: string[] = [];
    for (const round of [1, 2]) {
      const tasks = CORPUS.map((clip) => async () => {
        const out = join(dir, `round-${round}`, clip.name);
        try {
          expectComplete(out, await processVideo(sources.get(clip.name)!, out), clip.name);
        } catch (err) {
          failures.push(`round ${round}, ${clip.name}: ${(err as Error).message}`);
        }
      });
      await twoAtATime(tasks);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
