import { describe, expect, it } from 'vitest';
import {
  analysisWindows,
  buildAnalysisArgs,
  type CropBox,
  type FieldCounts,
  type PictureBox,
  parseCropdetect,
  parseIdet,
  parseLoudnorm,
  type SourceAnalysis,
} from './analysis';
import { buildFilterGraph } from './ffmpeg-args';
import { buildPlan } from './plan';
import type { ProbeResult } from './probe';
import {
  decideCrop,
  decideFields,
  decideLoudness,
  planRestoration,
  restorationAudioFilters,
  restorationVideoFilters,
  restoredFrameRate,
  DEFAULT_RESTORATION_SETTINGS as S,
} from './restoration';

const counts = (c: Partial<FieldCounts>): FieldCounts => ({
  tff: 0,
  bff: 0,
  progressive: 0,
  undetermined: 0,
  repeatedNeither: 0,
  repeatedTop: 0,
  repeatedBottom: 0,
  ...c,
});

// idet's totals on the generated corpus (restoration-corpus.test.ts), and on a sharp synthetic pattern.
const PROGRESSIVE = counts({ progressive: 192, repeatedNeither: 192 });
const TELECINED = counts({
  tff: 236,
  progressive: 4,
  repeatedNeither: 144,
  repeatedTop: 48,
  repeatedBottom: 48,
});
const INTERLACED = counts({ tff: 240, repeatedNeither: 240 });
const SHARP_PATTERN = counts({ tff: 82, bff: 73, progressive: 37, repeatedNeither: 192 });

const LOUD = { integrated: -23.5, truePeak: -4, range: 3, threshold: -33.6, offset: 0.2 };

const source = (p: Partial<ProbeResult> = {}): ProbeResult => ({
  durationSec: 600,
  containerDurationSec: 600,
  width: 720,
  height: 480,
  codedWidth: 720,
  codedHeight: 480,
  rotation: 0,
  videoCodec: 'mpeg2video',
  audioCodec: 'ac3',
  videoBitrate: 6_000_000,
  audioBitrate: 192_000,
  formatBitrate: 6_200_000,
  fps: 30000 / 1001,
  frameRate: '30000/1001',
  hasAudio: true,
  audioSampleRate: 48_000,
  audioChannels: 2,
  videoStreamIndex: 0,
  audioStreamIndex: 1,
  formatName: 'mpeg',
  streamCount: 2,
  frameRates: { average: 30000 / 1001, base: 30000 / 1001 },
  ...p,
});

/** A box cropdetect had found by the first quarter of the frames: bars, not a dark picture. */
const stable = (box: CropBox): PictureBox => ({ ...box, early: box });

const analysis = (a: Partial<SourceAnalysis> = {}): SourceAnalysis => ({
  sampledSec: 30,
  fields: PROGRESSIVE,
  picture: stable({ width: 720, height: 480, x: 0, y: 0 }),
  loudness: null,
  ...a,
});

describe('field decisions', () => {
  it('leaves progressive sources alone, and a pattern idet calls combed in both orders', () => {
    expect(decideFields(PROGRESSIVE, S).mode).toBe('progressive');
    expect(decideFields(SHARP_PATTERN, S).mode).toBe('progressive');
    expect(decideFields(null, S).mode).toBe('progressive');
  });

  it('deinterlaces video interlaced in one field order, with that order', () => {
    expect(decideFields(INTERLACED, S)).toEqual({ mode: 'deinterlace', parity: 'tff' });
    expect(decideFields(counts({ bff: 200, progressive: 10, repeatedNeither: 210 }), S)).toEqual({
      mode: 'deinterlace',
      parity: 'bff',
    });
  });

  it('undoes 3:2 pulldown when two frames in five repeat a field', () => {
    expect(decideFields(TELECINED, S).mode).toBe('inverse_telecine');
  });

  it('gives the frame rate each mode makes', () => {
    expect(restoredFrameRate('inverse_telecine', '30000/1001', 29.97, 60).frameRate).toBe('120000/5005');
    expect(restoredFrameRate('deinterlace', '30000/1001', 29.97, 60).frameRate).toBe('60000/1001');
    expect(restoredFrameRate('deinterlace', '30000/1001', 29.97, 30).frameRate).toBe('30000/1001');
    expect(restoredFrameRate('progressive', '25', 25, 60).frameRate).toBe('25');
  });
});

describe('crop decisions', () => {
  const frame = { width: 720, height: 480 };
  it('crops letterbox and pillarbox bars to the picture, on even sizes', () => {
    expect(decideCrop(stable({ width: 720, height: 362, x: 0, y: 58 }), frame, S)).toEqual({
      width: 720,
      height: 362,
      x: 0,
      y: 58,
    });
    expect(decideCrop(stable({ width: 541, height: 480, x: 90, y: 0 }), frame, S)).toEqual({
      width: 540,
      height: 480,
      x: 90,
      y: 0,
    });
  });

  it('keeps the frame when the box grew late: a dark picture lit up, there were no bars', () => {
    const late = { width: 720, height: 400, x: 0, y: 40, early: { width: 600, height: 300, x: 60, y: 90 } };
    expect(decideCrop(late, frame, S)).toBeNull();
  });

  it('keeps thin edges and a frame that is mostly black', () => {
    expect(decideCrop(stable({ width: 716, height: 476, x: 2, y: 2 }), frame, S)).toBeNull();
    expect(decideCrop(stable({ width: 100, height: 80, x: 300, y: 200 }), frame, S)).toBeNull();
    expect(decideCrop(null, frame, S)).toBeNull();
  });
});

describe('loudness decisions', () => {
  it('evens out a source away from the target, but not one near it or silence', () => {
    expect(decideLoudness(LOUD, S)?.target.integrated).toBe(-16);
    expect(decideLoudness({ ...LOUD, integrated: -16.6 }, S)).toBeNull();
    expect(decideLoudness({ ...LOUD, integrated: -70 }, S)).toBeNull();
  });
});

describe('the restoration plan', () => {
  it('follows the measurements unless a moderator overrides them', () => {
    const measured = analysis({
      fields: INTERLACED,
      picture: stable({ width: 720, height: 360, x: 0, y: 60 }),
      loudness: LOUD,
    });
    const plan = planRestoration(source(), measured);
    expect(plan.fields).toEqual({ mode: 'deinterlace', parity: 'tff', source: 'measured' });
    expect(plan.crop).toMatchObject({ width: 720, height: 360, y: 60 });
    expect(plan.loudness).not.toBeNull();
    const overridden = planRestoration(source(), measured, {
      fields: 'progressive',
      crop: 'off',
      loudness: 'off',
    });
    expect(overridden).toMatchObject({
      fields: { mode: 'progressive', source: 'moderator' },
      crop: null,
      loudness: null,
    });
  });

  it('sizes the ladder from the cropped picture at its display aspect, and the restored rate', () => {
    // NTSC 4:3 DV: 720×480 stored, displayed 640×480; letterboxed 16:9 inside.
    const dv = source({ width: 640, height: 480 });
    const restoration = planRestoration(
      dv,
      analysis({ fields: TELECINED, picture: stable({ width: 720, height: 360, x: 0, y: 60 }) }),
    );
    const plan = buildPlan(dv, undefined, restoration);
    expect([plan.width, plan.height]).toEqual([640, 360]);
    expect(plan.frameRate).toBe('120000/5005');
    expect(plan.renditions.map((r) => [r.width, r.height])).toEqual([
      [640, 360],
      [426, 240],
    ]);
    const graph = buildFilterGraph(plan);
    expect(graph).toMatch(
      /^\[0:0\]fieldmatch=order=tff:combmatch=full,bwdif=mode=send_frame:deint=interlaced,decimate,crop=720:360:0:60,fps=120000\/5005,split=5/,
    );
  });

  it('normalises loudness in the one decode, one labelled branch per variant', () => {
    const restoration = planRestoration(source(), analysis({ loudness: LOUD }));
    expect(restorationVideoFilters(restoration)).toEqual([]);
    expect(restorationAudioFilters(restoration)[0]).toContain('measured_I=-23.5');
    const plan = buildPlan(source(), undefined, restoration);
    expect(plan.audioSampleRate).toBeNull();
    expect(buildFilterGraph(plan)).toContain(',aresample=48000,asplit=3[a0][a1][a2]');
  });
});

describe('the analysis pass', () => {
  it('reads a short source whole and samples three windows of a long one', () => {
    expect(analysisWindows(20)).toEqual([{ startSec: 0, durationSec: 20 }]);
    const w = analysisWindows(3600);
    expect(w).toHaveLength(3);
    expect(w.every((x) => x.durationSec === 10 && x.startSec > 0 && x.startSec < 3590)).toBe(true);
  });

  it('joins the windows through the input sandbox, measuring sound only when there is some', () => {
    const args = buildAnalysisArgs('/in/film.mpg', source(), S.loudness);
    expect(args.filter((a) => a === '-protocol_whitelist')).toHaveLength(3);
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toContain('[0:0][0:1][1:0][1:1][2:0][2:1]concat=n=3:v=1:a=1[v][a]');
    expect(graph).toContain('loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json');
    const silent = buildAnalysisArgs(
      '/in/film.mpg',
      source({ hasAudio: false, audioStreamIndex: null }),
      S.loudness,
    );
    expect(silent.join(' ')).not.toContain('loudnorm');
  });

  it('parses idet, cropdetect and loudnorm output', () => {
    const stderr = [
      '[Parsed_cropdetect_2 @ 0x1] x1:0 x2:719 y1:62 y2:419 w:720 h:356 x:0 y:62 pts:1 t:0.04 crop=720:356:0:62',
      '[Parsed_cropdetect_2 @ 0x1] x1:0 x2:719 y1:60 y2:419 w:720 h:360 x:0 y:60 pts:2 t:0.08 crop=720:360:0:60',
      '[Parsed_idet_1 @ 0x2] Repeated Fields: Neither:   144 Top:    48 Bottom:    48',
      '[Parsed_idet_1 @ 0x2] Single frame detection: TFF:   192 BFF:     0 Progressive:    48 Undetermined:     0',
      '[Parsed_idet_1 @ 0x2] Multi frame detection: TFF:   236 BFF:     0 Progressive:     4 Undetermined:     0',
      '[Parsed_loudnorm_3 @ 0x3] ',
      '{',
      '\t"input_i" : "-46.77",',
      '\t"input_tp" : "-42.96",',
      '\t"input_lra" : "0.00",',
      '\t"input_thresh" : "-56.77",',
      '\t"output_i" : "-16.03",',
      '\t"target_offset" : "0.03"',
      '}',
    ].join('\n');
    expect(parseCropdetect(stderr)).toEqual({
      width: 720,
      height: 360,
      x: 0,
      y: 60,
      early: { width: 720, height: 356, x: 0, y: 62 },
    });
    expect(parseIdet(stderr)).toEqual(TELECINED);
    expect(parseLoudnorm(stderr)).toEqual({
      integrated: -46.77,
      truePeak: -42.96,
      range: 0,
      threshold: -56.77,
      offset: 0.03,
    });
    expect(parseLoudnorm(stderr.replace('-46.77', '-inf'))).toBeNull();
    expect(parseIdet('nothing')).toBeNull();
  });
});
