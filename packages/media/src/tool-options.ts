/** Where to find the ffmpeg binaries; Debian's are on PATH by default. */
export interface ToolOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
}

export const DEFAULT_FFMPEG = 'ffmpeg';
export const DEFAULT_FFPROBE = 'ffprobe';
