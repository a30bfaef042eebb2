import type { MediaLimitsInput } from './resource-limits';

/** Where to find the ffmpeg binaries (Debian's are on PATH by default), and what one run of them may use. */
export interface ToolOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  limits?: MediaLimitsInput;
}

export const DEFAULT_FFMPEG = 'ffmpeg';
export const DEFAULT_FFPROBE = 'ffprobe';
