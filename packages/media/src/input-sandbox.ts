import { resolve } from 'node:path';

/**
 * The ffmpeg demuxer of each container format uploads may have (VIDEO_FORMATS in the API's
 * upload-rules.ts). Without a whitelist ffmpeg picks the demuxer from the bytes, so a file named x.mp4
 * holding an HLS playlist or an ffconcat script makes ffmpeg read whatever files or URLs it lists.
 */
export const DEMUXER_BY_EXTENSION: Readonly<Record<string, string>> = {
  '3gp': 'mov',
  mp4: 'mov',
  mov: 'mov',
  m4v: 'mov',
  f4v: 'mov',
  mkv: 'matroska',
  webm: 'matroska',
  avi: 'avi',
  flv: 'flv',
  asf: 'asf',
  wmv: 'asf',
  mpg: 'mpeg',
  mpeg: 'mpeg',
  vob: 'mpeg',
  // VCD's .dat is an MPEG-1 program stream.
  dat: 'mpeg',
  m2v: 'mpegvideo',
  m2t: 'mpegts',
  mts: 'mpegts',
  rm: 'rm',
};

/** None of these reads anything but the file it is given (mov's external references are off by default). */
export const ALLOWED_DEMUXERS: readonly string[] = [...new Set(Object.values(DEMUXER_BY_EXTENSION))];

/**
 * ffprobe names a demuxer by all its aliases ('mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm'); ffmpeg's own
 * whitelist check matches the first one, and so does this.
 */
export function isAllowedFormat(formatName: string): boolean {
  return ALLOWED_DEMUXERS.includes(formatName.split(',')[0]);
}

/**
 * The input options of every ffprobe and ffmpeg run on an upload: only the whitelisted demuxers, only
 * the file protocol (for the input and anything a demuxer would open from it), and the path given as
 * `file:/absolute/path` so that a name like `concat:a|b` or `subfile:...` is never read as a protocol.
 */
export function sandboxedInput(file: string): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    ALLOWED_DEMUXERS.join(','),
    '-i',
    `file:${resolve(file)}`,
  ];
}
