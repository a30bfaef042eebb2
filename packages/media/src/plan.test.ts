import { describe, expect, it } from 'vitest';
import { buildPlan } from './plan';
import type { ProbeResult } from './probe';

function source(overrides: Partial<ProbeResult> = {}): ProbeResult {
  return {
    durationSec: 600,
    containerDurationSec: 600,
    width: 1920,
    height: 1080,
    codedWidth: 1920,
    codedHeight: 1080,
    rotation: 0,
    videoCodec: 'h264',
    audioCodec: 'aac',
    videoBitrate: 20_000_000,
    audioBitrate: 192_000,
    formatBitrate: 20_200_000,
    fps: 30,
    frameRate: '30/1',
    hasAudio: true,
    audioSampleRate: 48_000,
    audioChannels: 2,
    videoStreamIndex: 0,
    audioStreamIndex: 1,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    streamCount: 2,
    frameRates: { average: 30, base: 30 },
    ...overrides,
  };
}

const names = (p: ReturnType<typeof buildPlan>) => p.renditions.map((r) => r.name);

describe('buildPlan renditions', () => {
  it('runs the whole ladder for 1080p with bitrates near the PeerTube targets', () => {
    const plan = buildPlan(source());
    expect(names(plan)).toEqual(['1080p', '720p', '480p', '360p', '240p']);
    const mbps = Object.fromEntries(plan.renditions.map((r) => [r.name, r.videoBitrate / 1e6]));
    expect(mbps['1080p']).toBeGreaterThanOrEqual(3.5);
    expect(mbps['1080p']).toBeLessThanOrEqual(5);
    expect(mbps['720p']).toBeGreaterThanOrEqual(2);
    expect(mbps['720p']).toBeLessThanOrEqual(2.5);
    expect(mbps['480p']).toBeGreaterThanOrEqual(1);
    expect(mbps['480p']).toBeLessThanOrEqual(1.2);
    expect(mbps['360p']).toBeGreaterThanOrEqual(0.6);
    expect(mbps['360p']).toBeLessThanOrEqual(0.7);
    expect(mbps['240p']).toBeGreaterThanOrEqual(0.3);
    expect(mbps['240p']).toBeLessThanOrEqual(0.4);
    for (const r of plan.renditions) {
      expect(r.maxrate).toBe(Math.round(r.videoBitrate * 1.5));
      expect(r.bufsize).toBe(r.videoBitrate * 2);
      expect(r.width % 2).toBe(0);
      expect(r.height % 2).toBe(0);
    }
    expect(plan.renditions.map((r) => r.width)).toEqual([1920, 1280, 854, 640, 426]);
    expect(plan.renditions.map((r) => r.audioBitrate)).toEqual([128_000, 128_000, 128_000, 96_000, 96_000]);
    expect(plan.renditions.map((r) => r.profile)).toEqual(['high', 'high', 'main', 'main', 'main']);
  });

  it('never upscales: a 480p source gets 480/360/240 only', () => {
    const plan = buildPlan(source({ width: 854, height: 480 }));
    expect(names(plan)).toEqual(['480p', '360p', '240p']);
    expect(plan.renditions[0].width).toBe(854);
  });

  it('keeps one rendition at the (even) source height below 240p', () => {
    const plan = buildPlan(source({ width: 320, height: 179 }));
    expect(plan.renditions).toHaveLength(1);
    expect(plan.renditions[0]).toMatchObject({ name: '178p', height: 178, width: 318 });
  });

  it('caps every bitrate by the source video bitrate', () => {
    const plan = buildPlan(source({ videoBitrate: 800_000 }));
    expect(plan.renditions.map((r) => r.videoBitrate)).toEqual([800_000, 800_000, 800_000, 657_000, 337_000]);
    expect(plan.renditions[0].maxrate).toBe(1_200_000);
  });

  it('estimates the source video bitrate from the container when the stream does not say', () => {
    const plan = buildPlan(source({ videoBitrate: null, audioBitrate: null, formatBitrate: 1_128_000 }));
    expect(plan.renditions[0].videoBitrate).toBe(1_000_000);
    const unknown = buildPlan(source({ videoBitrate: null, formatBitrate: null }));
    expect(unknown.renditions[0].videoBitrate).toBeGreaterThan(3_500_000);
  });

  it('plans no audio for a silent source', () => {
    const plan = buildPlan(source({ hasAudio: false, audioCodec: null, audioStreamIndex: null }));
    expect(plan.hasAudio).toBe(false);
    expect(plan.renditions.every((r) => r.audioBitrate === null)).toBe(true);
  });

  it('keeps the display aspect of portrait and 4:3 sources', () => {
    expect(buildPlan(source({ width: 640, height: 480 })).renditions.map((r) => r.width)).toEqual([
      640, 480, 320,
    ]);
    expect(buildPlan(source({ width: 1080, height: 1920 })).renditions[0]).toMatchObject({
      width: 608,
      height: 1080,
    });
  });

  it('uses a 2 s GOP, 4 s segments, caps the frame rate and counts frames above 30 fps half', () => {
    const plan = buildPlan(source({ fps: 29.97, frameRate: '30000/1001' }));
    expect([plan.gopSeconds, plan.segmentSeconds, plan.gopFrames, plan.frameRate]).toEqual([
      2,
      4,
      60,
      '30000/1001',
    ]);
    const fast = buildPlan(source({ fps: 120, frameRate: '120/1' }));
    expect([fast.fps, fast.frameRate, fast.gopFrames]).toEqual([60, '60', 120]);
    const at30 = buildPlan(source({ fps: 30 })).renditions[1].videoBitrate;
    expect(buildPlan(source({ fps: 60, frameRate: '60/1' })).renditions[1].videoBitrate / at30).toBeCloseTo(
      1.5,
      2,
    );
  });

  it('takes settings: ladder, bpp, audio bitrates, preset', () => {
    const plan = buildPlan(source(), {
      ladder: [
        { height: 360, bpp: 0.1 },
        { height: 720, bpp: 0.1 },
      ],
      audioBitrate: 160_000,
      preset: 'medium',
    });
    expect(names(plan)).toEqual(['720p', '360p']);
    expect(plan.renditions[0].audioBitrate).toBe(160_000);
    expect(plan.preset).toBe('medium');
  });
});

describe('buildPlan sprites and stills', () => {
  it('10 s video: interval 1, 10 tiles, 1 sheet', () => {
    expect(buildPlan(source({ durationSec: 10 })).sprites).toEqual({
      interval: 1,
      tileCount: 10,
      sheetCount: 1,
      tileWidth: 160,
      tileHeight: 90,
      columns: 10,
      rows: 10,
    });
  });

  it('keeps a 2-hour video at no more than 200 tiles', () => {
    const { sprites } = buildPlan(source({ durationSec: 7200 }));
    expect(sprites.interval).toBe(36);
    expect(sprites.tileCount).toBeLessThanOrEqual(200);
    expect(sprites.tileCount).toBe(200);
    expect(sprites.sheetCount).toBe(2);
    for (const d of [1, 199.5, 200, 201, 999, 3601, 10_000, 86_400]) {
      const s = buildPlan(source({ durationSec: d })).sprites;
      expect(s.tileCount).toBeLessThanOrEqual(200);
      expect(s.tileCount * s.interval).toBeGreaterThanOrEqual(d - 0.1);
      expect(Number.isInteger(s.interval)).toBe(true);
    }
  });

  it('does not plan a tile for a few hundredths of a second past a whole interval', () => {
    expect(buildPlan(source({ durationSec: 10.02 })).sprites.tileCount).toBe(10);
    expect(buildPlan(source({ durationSec: 10.5 })).sprites.tileCount).toBe(11);
    expect(buildPlan(source({ durationSec: 0.04 })).sprites.tileCount).toBe(1);
  });

  it('takes stills about 10% in, at least 1 s, within short clips', () => {
    expect(buildPlan(source({ durationSec: 600 })).stills.atSec).toBe(60);
    expect(buildPlan(source({ durationSec: 5 })).stills.atSec).toBe(1);
    expect(buildPlan(source({ durationSec: 1 })).stills.atSec).toBe(0.5);
  });

  it('sizes thumbs fixed and the preview image at min(source, 720)p', () => {
    const { stills } = buildPlan(source());
    expect(stills.thumb).toMatchObject({ file: 'thumb.jpg', width: 320, height: 180 });
    expect(stills.thumb2x).toMatchObject({ file: 'thumb@2x.jpg', width: 640, height: 360 });
    expect(stills.scr).toMatchObject({ file: 'scr.jpg', width: 1280, height: 720 });
    expect(buildPlan(source({ width: 640, height: 360 })).stills.scr).toMatchObject({
      width: 640,
      height: 360,
    });
  });
});
