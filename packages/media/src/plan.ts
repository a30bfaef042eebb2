import { MEDIA_FILES } from './media-layout';
import {
  type MediaSettings,
  type MediaSettingsInput,
  resolveMediaSettings,
  type SegmentType,
} from './media-settings';
import type { ProbeResult } from './probe';
import { type RestorationPlan, restoredDisplaySize, restoredFrameRate } from './restoration';

export interface Rendition {
  /** Variant directory and var_stream_map name, e.g. '720p'. */
  name: string;
  width: number;
  height: number;
  /** Bits per second. */
  videoBitrate: number;
  maxrate: number;
  bufsize: number;
  /** Null when the source has no audio. */
  audioBitrate: number | null;
  profile: 'main' | 'high';
  /** Estimate of the master playlist's BANDWIDTH (ffmpeg 5.1: (video + audio) * 1.1). */
  bandwidth: number;
}

export interface SpritePlan {
  /** Whole seconds between tiles. */
  interval: number;
  tileCount: number;
  sheetCount: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
}

export interface StillPlan {
  file: string;
  width: number;
  height: number;
  /** 'pad' letterboxes into a fixed box; 'scale' keeps the source aspect (width and height already match it). */
  fit: 'pad' | 'scale';
}

export interface MediaPlan {
  durationSec: number;
  /** Source display size. */
  width: number;
  height: number;
  fps: number;
  /** Output frame rate for the fps filter (the source's exact rational unless capped). */
  frameRate: string;
  gopSeconds: number;
  gopFrames: number;
  segmentSeconds: number;
  /** fMP4 with an init segment per variant, or MPEG-TS (ADR 0038). */
  segmentType: SegmentType;
  preset: string;
  /** The AV1 rendition set (same rungs as `renditions`, one each), or null when AV1 is off. */
  av1: Av1Plan | null;
  hasAudio: boolean;
  videoStreamIndex: number;
  audioStreamIndex: number | null;
  /** Set when the source rate is not one AAC players universally accept. */
  audioSampleRate: number | null;
  renditions: Rendition[];
  sprites: SpritePlan;
  stills: { atSec: number; thumb: StillPlan; thumb2x: StillPlan; scr: StillPlan };
  /** The hover preview: `clips` one-second excerpts, `interval` seconds apart, muted, `height` pixels tall. */
  preview: PreviewPlan;
  /** Deinterlacing, pulldown removal, crop and loudness decided from the analysis pass; null when not run. */
  restoration: RestorationPlan | null;
}

export interface Av1Plan {
  /** SVT-AV1 preset. */
  preset: number;
  /** `av1-720p`…: av1[i] is renditions[i] in AV1. */
  renditions: Rendition[];
}

export interface PreviewPlan {
  file: string;
  clips: number;
  interval: number;
  width: number;
  height: number;
}

/** Spread up to 8 one-second excerpts across the video, about 240p, never upscaled. */
export function planPreview(p: { durationSec: number; width: number; height: number }): PreviewPlan {
  const clips = Math.max(1, Math.min(8, Math.floor(p.durationSec / 2)));
  const interval = Math.max(1, Math.floor((p.durationSec / clips) * 1000) / 1000);
  const height = Math.max(2, Math.floor(Math.min(240, p.height) / 2) * 2);
  const width = Math.max(2, Math.round((height * p.width) / p.height / 2) * 2);
  return { file: MEDIA_FILES.preview, clips, interval, width, height };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
const kbps = (bps: number) => Math.max(1000, Math.round(bps / 1000) * 1000);

/** Frames above 30 fps are cheaper to code than the first 30 (they differ less), so they count half. */
function fpsFactor(fps: number): number {
  return fps <= 30 ? fps : 30 + (fps - 30) / 2;
}

function sourceVideoBitrate(p: ProbeResult): number | null {
  if (p.videoBitrate) return p.videoBitrate;
  if (!p.formatBitrate) return null;
  const video = p.formatBitrate - (p.audioBitrate ?? (p.hasAudio ? 128_000 : 0));
  return video > 0 ? video : null;
}

function planRenditions(p: ProbeResult, s: MediaSettings, fps: number): Rendition[] {
  const steps = s.ladder.filter((step) => step.height <= p.height);
  // Smaller than the whole ladder: one rendition at the source size, never upscaled.
  if (steps.length === 0) steps.push({ height: evenDown(p.height), bpp: s.ladder[s.ladder.length - 1].bpp });
  const cap = sourceVideoBitrate(p);
  const aspect = p.width / p.height;
  return steps.map(({ height, bpp }) => {
    const width = even(height * aspect);
    const target = width * height * fpsFactor(fps) * bpp;
    const videoBitrate = kbps(cap === null ? target : Math.min(target, cap));
    const audioBitrate = p.hasAudio
      ? height <= s.lowAudioMaxHeight
        ? s.lowAudioBitrate
        : s.audioBitrate
      : null;
    return {
      name: `${height}p`,
      width,
      height,
      videoBitrate,
      maxrate: Math.round(videoBitrate * s.maxrateFactor),
      bufsize: Math.round(videoBitrate * s.bufsizeFactor),
      audioBitrate,
      profile: height >= s.highProfileMinHeight ? 'high' : 'main',
      bandwidth: Math.round((videoBitrate + (audioBitrate ?? 0)) * 1.1),
    };
  });
}

export function planSprites(durationSec: number, s: MediaSettings['sprite']): SpritePlan {
  const interval = Math.max(1, Math.ceil(durationSec / s.maxTiles));
  // A hair of slack: a 10.02 s file whose last frame is at 9.96 s has 10 tiles, not 11.
  const tileCount = Math.max(1, Math.ceil((durationSec - 0.1) / interval));
  return {
    interval,
    tileCount,
    sheetCount: Math.ceil(tileCount / (s.columns * s.rows)),
    tileWidth: s.tileWidth,
    tileHeight: s.tileHeight,
    columns: s.columns,
    rows: s.rows,
  };
}

/** Roughly 10% in (past intros and fades), at least 1 s, but never past the middle of a tiny clip. */
function stillTime(durationSec: number, s: MediaSettings): number {
  const at = Math.min(Math.max(durationSec * s.stillAt, s.stillMinSec), durationSec / 2);
  return Math.round(at * 1000) / 1000;
}

/**
 * The source as the encoder will see it once restored: the picture inside the bars at its display aspect,
 * at the frame rate deinterlacing or pulldown removal gives. Pure.
 */
function restoredSource(p: ProbeResult, r: RestorationPlan | null, maxFps: number): ProbeResult {
  if (!r) return p;
  return {
    ...p,
    ...restoredDisplaySize(p, r),
    ...restoredFrameRate(r.fields.mode, p.frameRate, p.fps, maxFps),
  };
}

/** The AV1 set: the H.264 rungs at `bitrateFactor` of their bitrate, named `av1-{height}p`. */
function planAv1(renditions: Rendition[], s: MediaSettings): Av1Plan | null {
  // AV1 only in fMP4: hls.js and Safari play it in no MPEG-TS.
  if (!s.av1.enabled || s.segmentType !== 'fmp4') return null;
  return {
    preset: s.av1.preset,
    renditions: renditions.map((r) => {
      const videoBitrate = kbps(r.videoBitrate * s.av1.bitrateFactor);
      return {
        ...r,
        name: `av1-${r.name}`,
        videoBitrate,
        maxrate: Math.round(videoBitrate * s.maxrateFactor),
        bufsize: Math.round(videoBitrate * s.bufsizeFactor),
        profile: 'main',
        bandwidth: Math.round((videoBitrate + (r.audioBitrate ?? 0)) * 1.1),
      };
    }),
  };
}

/** Every variant the ladder has: the H.264 renditions, then the AV1 ones. */
export function ladderVariants(plan: Pick<MediaPlan, 'renditions' | 'av1'>): Rendition[] {
  return [...plan.renditions, ...(plan.av1?.renditions ?? [])];
}

/** Decides everything one ffmpeg run will produce for a source. Pure. */
export function buildPlan(
  source: ProbeResult,
  settings?: MediaSettingsInput,
  restoration: RestorationPlan | null = null,
): MediaPlan {
  const s = resolveMediaSettings(settings);
  const p = restoredSource(source, restoration, s.maxFps);
  const capped = p.fps > s.maxFps;
  const fps = capped ? s.maxFps : p.fps;
  const scrHeight = evenDown(Math.min(p.height, s.scrMaxHeight));
  const audioRateOk = p.audioSampleRate === 44_100 || p.audioSampleRate === 48_000;
  const renditions = planRenditions(p, s, fps);
  return {
    durationSec: p.durationSec,
    width: p.width,
    height: p.height,
    fps,
    frameRate: capped ? String(s.maxFps) : p.frameRate,
    gopSeconds: s.gopSeconds,
    gopFrames: Math.max(1, Math.round(fps * s.gopSeconds)),
    segmentSeconds: s.segmentSeconds,
    segmentType: s.segmentType,
    preset: s.preset,
    av1: planAv1(renditions, s),
    restoration,
    hasAudio: p.hasAudio && p.audioStreamIndex !== null,
    videoStreamIndex: p.videoStreamIndex,
    audioStreamIndex: p.hasAudio ? p.audioStreamIndex : null,
    // loudnorm's chain ends resampled to 48 kHz already.
    audioSampleRate: p.hasAudio && !audioRateOk && !restoration?.loudness ? 48_000 : null,
    renditions,
    sprites: planSprites(p.durationSec, s.sprite),
    preview: planPreview(p),
    stills: {
      atSec: stillTime(p.durationSec, s),
      thumb: { file: MEDIA_FILES.thumb, ...s.thumb, fit: 'pad' },
      thumb2x: { file: MEDIA_FILES.thumb2x, ...s.thumb2x, fit: 'pad' },
      scr: {
        file: MEDIA_FILES.scr,
        width: even((scrHeight * p.width) / p.height),
        height: scrHeight,
        fit: 'scale',
      },
    },
  };
}
