import type {
  CropBox,
  FieldCounts,
  LoudnessMeasurement,
  LoudnessTarget,
  PictureBox,
  SourceAnalysis,
} from './analysis';
import type { ProbeResult } from './probe';

/** How the frames are made progressive: as they are, by deinterlacing, or by undoing 3:2 pulldown. */
export type FieldMode = 'progressive' | 'deinterlace' | 'inverse_telecine';

/** What a moderator may force for one video; anything left out (or 'auto') follows the measurements. */
export interface RestorationOverrides {
  fields?: FieldMode | 'auto';
  crop?: 'auto' | 'off';
  loudness?: 'auto' | 'off';
}

export interface RestorationSettings {
  loudness: LoudnessTarget;
  /** Bars thinner than this share of the frame's side are left alone (noise, overscan edges). */
  minBarShare: number;
  /** Share of the judged frames that must look interlaced, in one field order, to deinterlace. */
  interlacedShare: number;
  /** Share of frames repeating a field above which the source is taken as telecined film. */
  telecineRepeatShare: number;
  /** Loudness closer than this to the target (LU) is left as it is. */
  loudnessTolerance: number;
}

export const DEFAULT_RESTORATION_SETTINGS: RestorationSettings = {
  loudness: { integrated: -16, truePeak: -1.5, range: 11 },
  minBarShare: 0.02,
  interlacedShare: 0.6,
  telecineRepeatShare: 0.2,
  loudnessTolerance: 1,
};

/** Each decision with the measurement behind it, as the moderation page shows it. */
export interface RestorationPlan {
  fields: { mode: FieldMode; parity: 'tff' | 'bff'; source: 'measured' | 'moderator' };
  /** The picture inside the bars, in coded pixels; null keeps the whole frame. */
  crop: (CropBox & { source: 'measured' }) | null;
  /** A linear gain to the target (loudnorm's second pass); null leaves the sound as it is. */
  loudness: { measured: LoudnessMeasurement; target: LoudnessTarget } | null;
  /** Pixel shape of the source (width / height of one stored pixel), honoured by every output size. */
  sampleAspect: number;
  /**
   * What the decisions were taken from, for the moderation page (ADR 0039): the idet counts, the frame the
   * filters see, the display size and rate of the source, what the measurements alone decided and the
   * moderator's overrides. Absent in manifests written before it existed.
   */
  basis?: RestorationBasis;
}

export interface RestorationBasis {
  fields: FieldCounts | null;
  /** The source's measured loudness, applied or not. */
  loudness: LoudnessMeasurement | null;
  /** The stored frame as the filters see it (rotated upright). */
  frame: { width: number; height: number };
  /** The source's display size and frame rate. */
  display: { width: number; height: number };
  fps: number | null;
  /** What the measurements alone decided, whatever the overrides. */
  measured: { fields: FieldMode; crop: boolean; loudness: boolean };
  overrides: RestorationOverrides;
}

/** The frame rate a field mode gives: pulldown removed is 4/5 of it, deinterlacing keeps one frame a field. */
export function restoredFrameRate(mode: FieldMode, frameRate: string, fps: number, maxFps: number) {
  if (mode === 'inverse_telecine') return { fps: (fps * 4) / 5, frameRate: scaleRate(frameRate, 4, 5) };
  if (mode === 'deinterlace' && fps * 2 <= maxFps)
    return { fps: fps * 2, frameRate: scaleRate(frameRate, 2, 1) };
  return { fps, frameRate };
}

function scaleRate(rate: string, num: number, den: number): string {
  const [n, d = '1'] = rate.split('/');
  return `${Number(n) * num}/${Number(d) * den}`;
}

/**
 * Telecined film repeats a field in 2 frames of 5 (40%); true interlaced video repeats none and shows one
 * field order in nearly every frame; progressive sources show none. Synthetic sharp patterns can fool idet
 * into calling frames interlaced, but then in both orders: a source must lean one way to be deinterlaced.
 */
export function decideFields(
  counts: FieldCounts | null,
  s: RestorationSettings,
): { mode: FieldMode; parity: 'tff' | 'bff' } {
  if (!counts) return { mode: 'progressive', parity: 'tff' };
  const parity = counts.bff > counts.tff ? 'bff' : 'tff';
  const repeats = counts.repeatedTop + counts.repeatedBottom;
  const frames = repeats + counts.repeatedNeither;
  if (frames > 0 && repeats / frames >= s.telecineRepeatShare) return { mode: 'inverse_telecine', parity };
  const interlaced = counts.tff + counts.bff;
  const judged = interlaced + counts.progressive;
  const leaning = interlaced > 0 ? Math.max(counts.tff, counts.bff) / interlaced : 0;
  if (judged > 0 && interlaced / judged >= s.interlacedShare && leaning >= 0.8)
    return { mode: 'deinterlace', parity };
  return { mode: 'progressive', parity };
}

const even = (n: number) => Math.floor(n / 2) * 2;

/**
 * Crops only bars that are there: the measured box is the union of every sampled frame's picture, so a
 * crop to it never cuts into the picture; bars thinner than minBarShare are kept, and so is the whole
 * frame when the box was still growing after the first quarter of the frames (a dark picture, not bars).
 */
export function decideCrop(
  picture: PictureBox | null,
  coded: { width: number; height: number },
  s: RestorationSettings,
): CropBox | null {
  if (!picture) return null;
  const grew = (['width', 'height', 'x', 'y'] as const).some(
    (k) => Math.abs(picture[k] - picture.early[k]) > 2,
  );
  if (grew) return null;
  const barsX = coded.width - picture.width;
  const barsY = coded.height - picture.height;
  const cropX = barsX >= coded.width * s.minBarShare;
  const cropY = barsY >= coded.height * s.minBarShare;
  if (!cropX && !cropY) return null;
  // A nearly black source (a title card) measures a tiny box: keep the frame rather than zoom into it.
  if (picture.width < coded.width / 3 || picture.height < coded.height / 3) return null;
  const box = {
    width: cropX ? even(picture.width) : coded.width,
    height: cropY ? even(picture.height) : coded.height,
    x: cropX ? picture.x : 0,
    y: cropY ? picture.y : 0,
  };
  return box;
}

export function decideLoudness(
  measured: LoudnessMeasurement | null,
  s: RestorationSettings,
): RestorationPlan['loudness'] {
  // Silence (or near it) has nothing to bring up: a gain would only raise the noise.
  if (!measured || measured.integrated <= -70) return null;
  if (Math.abs(measured.integrated - s.loudness.integrated) <= s.loudnessTolerance) return null;
  return { measured, target: s.loudness };
}

type Frame = Pick<ProbeResult, 'codedWidth' | 'codedHeight' | 'width' | 'height' | 'rotation'> &
  Partial<Pick<ProbeResult, 'fps'>>;

/**
 * The frame as the filters see it: ffmpeg turns a rotated source upright before the first filter, so a
 * crop (and cropdetect's box) is in rotated stored pixels.
 */
function filterFrame(p: Frame): { width: number; height: number } {
  const sideways = p.rotation === 90 || p.rotation === 270;
  return sideways
    ? { width: p.codedHeight, height: p.codedWidth }
    : { width: p.codedWidth, height: p.codedHeight };
}

/** Every restoration decision for one source, from its probe and analysis, with a moderator's overrides. Pure. */
export function planRestoration(
  probe: Frame,
  analysis: SourceAnalysis,
  overrides: RestorationOverrides = {},
  settings: RestorationSettings = DEFAULT_RESTORATION_SETTINGS,
): RestorationPlan {
  const measured = decideFields(analysis.fields, settings);
  const forced = overrides.fields && overrides.fields !== 'auto' ? overrides.fields : null;
  const frame = filterFrame(probe);
  const measuredCrop = decideCrop(analysis.picture, frame, settings);
  const measuredLoudness = decideLoudness(analysis.loudness, settings);
  const crop = overrides.crop === 'off' ? null : measuredCrop;
  return {
    fields: {
      mode: forced ?? measured.mode,
      parity: measured.parity,
      source: forced ? 'moderator' : 'measured',
    },
    crop: crop ? { ...crop, source: 'measured' } : null,
    loudness: overrides.loudness === 'off' ? null : measuredLoudness,
    // The display aspect over the stored one: 8/9 for 4:3 NTSC DV, 32/27 for its anamorphic 16:9.
    sampleAspect: probe.width / probe.height / (frame.width / frame.height),
    basis: {
      fields: analysis.fields,
      loudness: analysis.loudness,
      frame,
      display: { width: probe.width, height: probe.height },
      fps: probe.fps ?? null,
      measured: { fields: measured.mode, crop: measuredCrop !== null, loudness: measuredLoudness !== null },
      overrides: { ...overrides },
    },
  };
}

/** The display size after the crop: the kept stored pixels times their shape. Pure. */
export function restoredDisplaySize(probe: Frame, plan: RestorationPlan): { width: number; height: number } {
  if (!plan.crop) return { width: probe.width, height: probe.height };
  return { width: Math.round(plan.crop.width * plan.sampleAspect), height: plan.crop.height };
}

/** The video filters that come before everything else in the one decode. Pure. */
export function restorationVideoFilters(plan: RestorationPlan): string[] {
  const out: string[] = [];
  const order = plan.fields.parity;
  if (plan.fields.mode === 'inverse_telecine')
    // fieldmatch rebuilds the film frames, bwdif cleans the odd frame it could not match, decimate drops
    // the one duplicate in five.
    out.push(
      `fieldmatch=order=${order}:combmatch=full`,
      'bwdif=mode=send_frame:deint=interlaced',
      'decimate',
    );
  else if (plan.fields.mode === 'deinterlace') out.push(`bwdif=mode=send_field:parity=${order}:deint=all`);
  if (plan.crop) out.push(`crop=${plan.crop.width}:${plan.crop.height}:${plan.crop.x}:${plan.crop.y}`);
  return out;
}

/** loudnorm's second pass with the first pass's measurement: one linear gain, peaks limited. Pure. */
export function restorationAudioFilters(plan: RestorationPlan): string[] {
  if (!plan.loudness) return [];
  const { measured: m, target: t } = plan.loudness;
  return [
    `loudnorm=I=${t.integrated}:TP=${t.truePeak}:LRA=${t.range}:measured_I=${m.integrated}:measured_TP=${m.truePeak}` +
      `:measured_LRA=${m.range}:measured_thresh=${m.threshold}:offset=${m.offset}:linear=true`,
    // loudnorm works at 192 kHz; back to the ladder's rate.
    'aresample=48000',
  ];
}
