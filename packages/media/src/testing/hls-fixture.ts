import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A real HLS ladder in seconds: lavfi test pattern and tone, H.264/AAC in segments of 2 s, laid out like
 * the pipeline's (master.m3u8, {height}p/index.m3u8, {height}p/seg-NNNN.ts). MPEG-TS unless `fmp4`:
 * then {height}p/init-{height}p.mp4 and seg-NNNN.m4s, as the pipeline writes since ADR 0038.
 */
export function makeHlsLadder(
  dir: string,
  opts: { seconds: number; heights: number[]; audio?: boolean; fmp4?: boolean },
) {
  const { seconds, heights } = opts;
  const audio = opts.audio ?? true;
  const container = opts.fmp4
    ? ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init-%v.mp4']
    : ['-hls_segment_type', 'mpegts'];
  for (const h of heights) mkdirSync(join(dir, `${h}p`), { recursive: true });
  const split = heights.map((h, i) => `[s${i}]scale=-2:${h}[v${i}]`).join(';');
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=640x360:r=25:d=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`] : []),
    '-filter_complex',
    `[0:v]split=${heights.length}${heights.map((_, i) => `[s${i}]`).join('')};${split}`,
    ...heights.flatMap((_, i) => ['-map', `[v${i}]`, ...(audio ? ['-map', '1:a'] : [])]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '50',
    '-keyint_min',
    '50',
    '-sc_threshold',
    '0',
    ...(audio ? ['-c:a', 'aac', '-ac', '2'] : []),
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    ...container,
    '-hls_segment_filename',
    join(dir, '%v', opts.fmp4 ? 'seg-%04d.m4s' : 'seg-%04d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    heights.map((h, i) => (audio ? `v:${i},a:${i},name:${h}p` : `v:${i},name:${h}p`)).join(' '),
    join(dir, '%v', 'index.m3u8'),
  ];
  execFileSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A long video made of a short clip's segments, `times` over, separated by #EXT-X-DISCONTINUITY: the
 * way the demo seed gives long videos real, playable media without encoding hours of footage. Written
 * under dir with the same master playlist as the clip's, its variants pointing at the clip's segments.
 */
export function makeRepeatedVariant(dir: string, clipDir: string, heights: number[], times: number) {
  for (const h of heights) {
    const variantDir = join(dir, `${h}p`);
    mkdirSync(variantDir, { recursive: true });
    const clip = readFileSync(join(clipDir, `${h}p`, 'index.m3u8'), 'utf8').split('\n');
    const segments: string[] = [];
    const body = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:2', '#EXT-X-PLAYLIST-TYPE:VOD'];
    const there = (uri: string) => relative(variantDir, join(clipDir, `${h}p`, uri));
    clip.forEach((line, i) => {
      if (line.startsWith('#EXTINF:')) segments.push(line, there(clip[i + 1]));
      const map = /^#EXT-X-MAP:URI="(.+)"$/.exec(line);
      if (map) body.push(`#EXT-X-MAP:URI="${there(map[1])}"`);
    });
    for (let t = 0; t < times; t++) {
      if (t > 0) body.push('#EXT-X-DISCONTINUITY');
      body.push(...segments);
    }
    body.push('#EXT-X-ENDLIST', '');
    writeFileSync(join(variantDir, 'index.m3u8'), body.join('\n'));
  }
  writeFileSync(join(dir, 'master.m3u8'), readFileSync(join(clipDir, 'master.m3u8')));
}

/** Top-level MP4 boxes in file order (`ftyp`, `moov`, `mdat`, …). */
export function mp4Boxes(file: string): string[] {
  const buf = readFileSync(file);
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    else if (size === 0) size = buf.length - at;
    if (size < 8) break;
    boxes.push(type);
    at += size;
  }
  return boxes;
}

/** What ffprobe reads: the codecs of the streams and the container's duration. */
export function probeMp4(file: string): { codecs: string[]; durationSec: number; formatName: string } {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    { encoding: 'utf8' },
  );
  const json = JSON.parse(out) as {
    streams: { codec_name: string }[];
    format: { duration: string; format_name: string };
  };
  return {
    codecs: json.streams.map((s) => s.codec_name),
    durationSec: Number(json.format.duration),
    formatName: json.format.format_name,
  };
}
