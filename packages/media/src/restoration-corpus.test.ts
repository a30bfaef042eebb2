import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCropdetect, parseIdet } from './analysis';
import type { MediaManifest } from './manifest';
import { MEDIA_FILES } from './media-layout';
import { processVideo } from './pipeline';
import { runTool } from './run-tool';

/**
 * The restoration corpus (issue 23), generated with lavfi: each analogue-era defect goes in, the ladder's
 * top rendition comes out and is measured with the same filters a person would use to check it.
 * A blurred testsrc2 stands for film: idet reads razor-sharp synthetic edges as combing.
 */
const FILM = 'testsrc2=s=720x480:r=24000/1001:d=6,gblur=sigma=2';
const VIDEO_60 = 'testsrc2=s=720x480:r=60000/1001:d=6,gblur=sigma=2';
const tone = (extra = '') => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=6${extra}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p'];
const interlacedH264 = [...h264, '-flags', '+ildct+ilme', '-x264opts', 'tff=1'];
const aac = ['-c:a', 'aac', '-b:a', '96k', '-shortest'];

const SOURCES: Record<string, string[]> = {
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

let dir: string;
const manifests = new Map<string, MediaManifest>();
const top = (name: string) => {
  const m = manifests.get(name)!;
  const r = m.renditions[0]!;
  return { ...r, playlist: join(dir, name, r.name, MEDIA_FILES.variantPlaylist) };
};

async function ffmpeg(args: string[]) {
  const run = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', ...args]);
  if (run.code !== 0) throw new Error(run.stderr.slice(-1500));
  return run.stderr;
}

async function probeVideo(file: string) {
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

const integratedLoudness = async (file: string) => {
  const stderr = await ffmpeg(['-i', file, '-map', '0:a', '-af', 'ebur128', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return Number(/I:\s*(-?[\d.]+) LUFS/.exec(summary)?.[1]);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vt-restoration-'));
  for (const [name, args] of Object.entries(SOURCES)) {
    const source = join(dir, `${name}.mp4`);
    await ffmpeg(['-y', ...args, source]);
    manifests.set(name, await processVideo(source, join(dir, name)));
  }
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('restoration of the generated corpus', () => {
  it.each([
    ['interlaced', 'deinterlace', '60000/1001'],
    ['telecined', 'inverse_telecine', '24000/1001'],
  ])('makes the %s source progressive (%s) at %s fps', async (name, mode, rate) => {
    expect(manifests.get(name)!.restoration?.fields.mode).toBe(mode);
    expect((await probeVideo(top(name).playlist)).r_frame_rate).toBe(rate);
    const fields = parseIdet(await ffmpeg(['-i', top(name).playlist, '-vf', 'idet', '-f', 'null', '-']))!;
    expect(fields.progressive / (fields.tff + fields.bff + fields.progressive)).toBeGreaterThan(0.9);
    // No field repeated any more: the pulldown is gone, not just hidden.
    expect((fields.repeatedTop + fields.repeatedBottom) / fields.repeatedNeither).toBeLessThan(0.05);
  });

  it.each([
    ['letterboxed', 2],
    ['pillarboxed', 540 / 480],
  ])('crops the %s bars to the picture, within 2 px, at its own aspect', async (name, aspect) => {
    const r = top(name);
    expect(r.width / r.height).toBeCloseTo(aspect, 1);
    const picture = parseCropdetect(
      await ffmpeg(['-i', r.playlist, '-vf', 'cropdetect=limit=24:round=2:reset=0', '-f', 'null', '-']),
    )!;
    expect(r.width - picture.width).toBeLessThanOrEqual(2);
    expect(r.height - picture.height).toBeLessThanOrEqual(2);
  });

  it('keeps a full-frame source uncropped and at its frame rate', async () => {
    expect(manifests.get('quiet')!.restoration).toMatchObject({
      fields: { mode: 'progressive' },
      crop: null,
    });
    const r = top('quiet');
    expect([r.width, r.height]).toEqual([720, 480]);
    expect((await probeVideo(r.playlist)).r_frame_rate).toBe('24000/1001');
  });

  it('brings a quiet source to −16 LUFS, within 1 LU', async () => {
    expect(await integratedLoudness(join(dir, 'quiet.mp4'))).toBeLessThan(-35);
    expect(manifests.get('quiet')!.restoration?.loudness).not.toBeNull();
    expect(Math.abs((await integratedLoudness(top('quiet').playlist)) + 16)).toBeLessThanOrEqual(1);
  });

  it('shows non-square pixels at their display aspect, with square pixels out', async () => {
    const r = top('anamorphic');
    expect([r.width, r.height]).toEqual([640, 480]);
    const out = await probeVideo(r.playlist);
    expect(out.sample_aspect_ratio).toBe('1:1');
  });
});
