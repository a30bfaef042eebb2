export interface LadderStep {
  height: number;
  /** Bits per pixel per frame at this height; smaller pictures need more bits per pixel. */
  bpp: number;
}

export type SegmentType = 'fmp4' | 'mpegts';

export interface Av1Settings {
  enabled: boolean;
  /** SVT-AV1 preset, 0 (slowest) to 13 (fastest). */
  preset: number;
  /** The AV1 rung's bitrate as a share of the H.264 rung's. */
  bitrateFactor: number;
}

export interface SpriteSettings {
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  maxTiles: number;
}

export interface StillSize {
  width: number;
  height: number;
}

export interface MediaSettings {
  /** Highest first. */
  ladder: LadderStep[];
  audioBitrate: number;
  lowAudioBitrate: number;
  /** Renditions at or below this height get lowAudioBitrate. */
  lowAudioMaxHeight: number;
  maxrateFactor: number;
  bufsizeFactor: number;
  /** Renditions at or above this height use the High profile, smaller ones Main. */
  highProfileMinHeight: number;
  maxFps: number;
  gopSeconds: number;
  segmentSeconds: number;
  /**
   * The ladder's segments (ADR 0038): fragmented MP4 (CMAF, one init segment per variant named by
   * #EXT-X-MAP), or MPEG-TS as every ladder before it was written.
   */
  segmentType: SegmentType;
  preset: string;
  /**
   * A second rendition set in AV1 (libsvtav1) at the same rungs, offered beside H.264 in the master
   * playlist. Off by default: see ADR 0038 and the transcode bench before turning it on.
   */
  av1: Av1Settings;
  sprite: SpriteSettings;
  thumb: StillSize;
  thumb2x: StillSize;
  scrMaxHeight: number;
  /** Where thumbnails are taken, as a fraction of the duration. */
  stillAt: number;
  stillMinSec: number;
}

export type MediaSettingsInput = Partial<Omit<MediaSettings, 'sprite' | 'av1'>> & {
  sprite?: Partial<SpriteSettings>;
  av1?: Partial<Av1Settings>;
};

// About PeerTube's targets at 30 fps: 1080p 4.4, 720p 2.2, 480p 1.1, 360p 0.66, 240p 0.34 Mbps.
export const DEFAULT_MEDIA_SETTINGS: MediaSettings = {
  ladder: [
    { height: 1080, bpp: 0.07 },
    { height: 720, bpp: 0.08 },
    { height: 480, bpp: 0.09 },
    { height: 360, bpp: 0.095 },
    { height: 240, bpp: 0.11 },
  ],
  audioBitrate: 128_000,
  lowAudioBitrate: 96_000,
  lowAudioMaxHeight: 360,
  maxrateFactor: 1.5,
  bufsizeFactor: 2,
  highProfileMinHeight: 720,
  maxFps: 60,
  gopSeconds: 2,
  segmentSeconds: 4,
  segmentType: 'fmp4',
  preset: 'veryfast',
  av1: { enabled: false, preset: 10, bitrateFactor: 0.6 },
  sprite: { tileWidth: 160, tileHeight: 90, columns: 10, rows: 10, maxTiles: 200 },
  thumb: { width: 320, height: 180 },
  thumb2x: { width: 640, height: 360 },
  scrMaxHeight: 720,
  stillAt: 0.1,
  stillMinSec: 1,
};

export function resolveMediaSettings(input: MediaSettingsInput = {}): MediaSettings {
  const ladder = [...(input.ladder ?? DEFAULT_MEDIA_SETTINGS.ladder)].sort((a, b) => b.height - a.height);
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return {
    ...DEFAULT_MEDIA_SETTINGS,
    ...given,
    ladder,
    sprite: { ...DEFAULT_MEDIA_SETTINGS.sprite, ...input.sprite },
    av1: { ...DEFAULT_MEDIA_SETTINGS.av1, ...input.av1 },
  };
}
