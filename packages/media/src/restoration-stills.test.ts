import { describe, expect, it } from 'vitest';
import { buildFfmpegArgs, buildFilterGraph } from './ffmpeg-args';
import { buildPlan } from './plan';
import type { ProbeResult } from './probe';
import { planRestoration } from './restoration';
import { beforeStillSize, isRestorationStill, RESTORATION_STILLS } from './restoration-stills';

/** NTSC DV 4:3: 720×480 stored, pixels 8/9 as wide as tall, letterboxed. */
const dv: ProbeResult = {
  durationSec: 60,
  containerDurationSec: 60,
  width: 640,
  height: 480,
  codedWidth: 720,
  codedHeight: 480,
  rotation: 0,
  videoCodec: 'h264',
  audioCodec: 'aac',
  videoBitrate: 3_000_000,
  audioBitrate: 128_000,
  formatBitrate: 3_130_000,
  fps: 30000 / 1001,
  frameRate: '30000/1001',
  hasAudio: true,
  audioSampleRate: 48_000,
  audioChannels: 2,
  videoStreamIndex: 0,
  audioStreamIndex: 1,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  streamCount: 2,
  frameRates: { average: 30000 / 1001, base: 30000 / 1001 },
};
const box = { width: 720, height: 360, x: 0, y: 60 };
const restoration = planRestoration(dv, {
  sampledSec: 30,
  fields: null,
  picture: { ...box, early: box },
  loudness: null,
});

describe('the before/after stills (ADR 0039)', () => {
  const plan = buildPlan(dv, undefined, restoration);

  it('reads the decoded source a second time, before every restoration filter, in the same run', () => {
    const graph = buildFilterGraph(plan);
    const chains = graph.split(';');
    const before = chains.find((c) => c.endsWith('[restore_before]'));
    expect(before).toBe(
      `[0:0]select='eq(n,0)+gte(t,${plan.stills.atSec})',trim=end_frame=2,scale=640:480,setsar=1[restore_before]`,
    );
    // The restored branch still crops; the before branch does not.
    expect(chains[0]).toContain('crop=720:360:0:60');
    const args = buildFfmpegArgs('/in/src.mp4', '/out/v.tmp', plan);
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args.at(-1)).toBe(`/out/v.tmp/${RESTORATION_STILLS.before}`);
  });

  it('shows the whole source frame at its display aspect', () => {
    expect(beforeStillSize(plan)).toEqual({ width: 640, height: 480 });
  });

  it('adds nothing when the restoration pass did not run', () => {
    const clean = buildPlan(dv);
    expect(buildFilterGraph(clean)).not.toContain('restore_before');
    expect(buildFfmpegArgs('/in/src.mp4', '/out/v.tmp', clean).join(' ')).not.toContain('restoration-');
  });

  it('names the stills the public image route refuses', () => {
    expect(isRestorationStill('uploads/12/restoration-before.jpg')).toBe(true);
    expect(isRestorationStill('uploads/12/restoration-after.jpg')).toBe(true);
    expect(isRestorationStill('uploads/12/scr.jpg')).toBe(false);
  });
});
