import { MediaError } from './errors';
import type { ProbeResult } from './probe-result';

/**
 * What the pipeline accepts. Decoding cost grows with the picture size and the frame count, so a 200 KB
 * file of 8192×8192 frames costs a gigabyte and minutes; such files are refused before ffmpeg decodes one.
 */
export interface MediaBounds {
  /** 8K UHD, either way up. */
  maxLongSide: number;
  maxShortSide: number;
  minSide: number;
  maxFps: number;
  maxStreams: number;
  /**
   * Every second of a video costs bytes in any container (a static picture at 1 fps and no sound still
   * takes about 18 bytes a second in MP4); a header promising more seconds than that is a lie.
   */
  minBytesPerSecond: number;
}

export const DEFAULT_MEDIA_BOUNDS: MediaBounds = {
  maxLongSide: 7680,
  maxShortSide: 4320,
  minSide: 16,
  maxFps: 240,
  maxStreams: 16,
  minBytesPerSecond: 8,
};

const refuse = (code: MediaError['code'], detail: string) => new MediaError(code, detail, { detail });

/** Throws the MediaError naming the first bound the probed source is outside of. Pure. */
export function assertWithinBounds(
  p: ProbeResult,
  sizeBytes: number,
  bounds: MediaBounds = DEFAULT_MEDIA_BOUNDS,
): void {
  if (p.streamCount > bounds.maxStreams)
    throw refuse('too_many_streams', `${p.streamCount} streams (at most ${bounds.maxStreams})`);

  // Both the stored size and the displayed one: a tiny picture with an extreme sample aspect ratio is
  // scaled up to its display size.
  for (const [w, h] of [
    [p.codedWidth, p.codedHeight],
    [p.width, p.height],
  ]) {
    const long = Math.max(w, h);
    const short = Math.min(w, h);
    if (long > bounds.maxLongSide || short > bounds.maxShortSide || short < bounds.minSide)
      throw refuse('dimensions_out_of_bounds', `${w}x${h}`);
  }

  const { average, base } = p.frameRates;
  // A base rate above the limit with no average is a container's timebase (Matroska says 1000), not a rate.
  if ((average !== null && average > bounds.maxFps) || (average === null && base === null))
    throw refuse('frame_rate_out_of_bounds', `average ${average ?? '?'} fps, base ${base ?? '?'} fps`);

  const claimed = Math.max(p.durationSec, p.containerDurationSec);
  if (sizeBytes < claimed * bounds.minBytesPerSecond)
    throw refuse('duration_implausible', `${claimed.toFixed(1)} s in ${sizeBytes} bytes`);
}
