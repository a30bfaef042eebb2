import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MediaErrorCode } from '../errors';
import { runTool } from '../run-tool';

/**
 * Test fixtures: uploads that are not videos but instructions to read something else. Each would be
 * accepted without the input sandbox if ffmpeg followed it (the HLS playlist of another member's segments
 * did become a pending video).
 */
export interface HostileInput {
  name: string;
  file: string;
}

async function ffmpeg(args: string[]): Promise<void> {
  const run = await runTool('ffmpeg', ['-v', 'error', '-y', ...args]);
  if (run.code !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${run.stderr}`);
}

/** A real 4-second MPEG-TS segment where another member's processed upload would keep one. */
export async function writeVictimSegment(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const source = ['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10', '-t', '4'];
  await ffmpeg([...source, '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', file]);
}

// Long enough (160 × 4 s) to pass the upload minimum: the playlist alone would make a video.
function playlist(entry: string, times = 160): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0'];
  for (let i = 0; i < times; i++) lines.push('#EXTINF:4.0,', entry);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Writes the hostile set into dir, each pointing at victim (an absolute path to a real segment). */
export async function writeHostileInputs(dir: string, victim: string): Promise<HostileInput[]> {
  const contents: Record<string, string> = {
    'hls-playlist-of-another-upload': playlist(victim),
    'hls-file-url': playlist(`file://${victim}`),
    'hls-concat-protocol': playlist(`concat:${victim}|${victim}`),
    'hls-subfile-protocol': playlist(`subfile,,start,0,end,0,,:${victim}`),
    'hls-http-url': playlist('http://127.0.0.1:9/240p/seg-0000.ts'),
    'hls-etc-passwd': playlist('/etc/passwd'),
    ffconcat: `ffconcat version 1.0\nfile '${victim}'\nduration 4\nfile '${victim}'\nduration 4\n`,
    'ffconcat-etc-passwd': "ffconcat version 1.0\nfile '/etc/passwd'\n",
  };
  await mkdir(dir, { recursive: true });
  const inputs: HostileInput[] = [];
  for (const [name, text] of Object.entries(contents)) {
    const file = join(dir, `${name}.mp4`);
    await writeFile(file, text);
    inputs.push({ name, file });
  }
  return inputs;
}

export interface OutOfBoundsInput extends HostileInput {
  code: MediaErrorCode;
}

/** Small, valid files that would cost far more to decode than their size suggests, and their refusal. */
export async function writeOutOfBoundsInputs(dir: string): Promise<OutOfBoundsInput[]> {
  await mkdir(dir, { recursive: true });
  const file = (name: string) => join(dir, name);
  const inputs: OutOfBoundsInput[] = [
    // The report's 8192×8192 clip: one black frame.
    { name: 'huge', file: file('huge.mkv'), code: 'dimensions_out_of_bounds' },
    { name: 'tiny', file: file('tiny.mkv'), code: 'dimensions_out_of_bounds' },
    // MP4: Matroska leaves the average rate unknown, and its base rate looks like its timebase.
    { name: 'fast', file: file('fast.mp4'), code: 'frame_rate_out_of_bounds' },
    { name: 'claims-ten-hours', file: file('claimstenhours.mkv'), code: 'duration_implausible' },
    { name: 'many-streams', file: file('manystreams.mkv'), code: 'too_many_streams' },
  ];
  const [huge, tiny, fast, tenHours, manyStreams] = inputs.map((i) => i.file);
  const mjpeg = ['-c:v', 'mjpeg'];
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=8192x8192:r=1', '-frames:v', '1', ...mjpeg, huge]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=8x8:rate=25', '-t', '1', ...mjpeg, tiny]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=1000', '-t', '0.5', ...mjpeg, fast]);
  // Two frames ten hours apart: a real 10-hour timeline in a few kilobytes.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=1', '-frames:v', '2'],
    ...['-vf', 'setpts=N*36000/TB', '-fps_mode', 'passthrough', ...mjpeg, tenHours],
  ]);
  const audio = Array.from({ length: 16 }, () => ['-map', '1:a']).flat();
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5', '-f', 'lavfi', '-i', 'anullsrc=sample_rate=8000'],
    ...['-t', '1', '-map', '0:v', ...audio, ...mjpeg, '-c:a', 'pcm_s16le', manyStreams],
  ]);
  return inputs;
}
