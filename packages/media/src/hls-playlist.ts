/** BANDWIDTH of each variant in an HLS master playlist, keyed by the variant's directory name. */
export function parseMasterBandwidths(text: string): Map<string, number> {
  const result = new Map<string, number>();
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  lines.forEach((line, i) => {
    const m = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    if (m && uri) result.set(uri.split('/')[0], Number(m[1]));
  });
  return result;
}

/** Total of a media playlist's #EXTINF durations, in seconds. */
export function playlistDurationSec(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/** The CODECS attribute of each variant in a master playlist, keyed by the variant's directory name. */
export function parseMasterCodecs(text: string): Map<string, string> {
  const result = new Map<string, string>();
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  lines.forEach((line, i) => {
    const m = /^#EXT-X-STREAM-INF:.*?\bCODECS="([^"]*)"/.exec(line);
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    if (m && uri) result.set(uri.split('/')[0], m[1]);
  });
  return result;
}

/**
 * The master playlist with CODECS added to the variants that lack one, by directory name. ffmpeg 5.1
 * writes CODECS for H.264 and AAC but not for AV1; without it Safari and hls.js cannot leave out a
 * variant the device cannot decode.
 */
export function withMissingCodecs(text: string, codecs: ReadonlyMap<string, string>): string {
  const lines = text.split(/\r?\n/);
  return lines
    .map((line, i) => {
      if (!line.startsWith('#EXT-X-STREAM-INF:') || /\bCODECS=/.test(line)) return line;
      const uri = lines.slice(i + 1).find((next) => next.trim() && !next.startsWith('#'));
      const value = uri && codecs.get(uri.trim().split('/')[0]);
      return value ? `${line},CODECS="${value}"` : line;
    })
    .join('\n');
}

/**
 * The RFC 6381 string of an AV1 stream (`av01.P.LLT.DD`, AV1 codec ISO media file format binding §5)
 * from the AV1CodecConfigurationRecord (`av1C` box) of an MP4 init segment, or null without one.
 */
export function av1CodecString(init: Uint8Array): string | null {
  const tag = Buffer.from('av1C');
  const at = Buffer.from(init).indexOf(tag);
  if (at < 0 || at + 7 > init.length) return null;
  const b1 = init[at + 5];
  const b2 = init[at + 6];
  if (init[at + 4] !== 0x81) return null; // marker 1, version 1
  const profile = b1 >> 5;
  const level = b1 & 0x1f;
  const tier = b2 & 0x80 ? 'H' : 'M';
  const depth = b2 & 0x40 ? (profile === 2 && b2 & 0x20 ? 12 : 10) : 8;
  return `av01.${profile}.${String(level).padStart(2, '0')}${tier}.${String(depth).padStart(2, '0')}`;
}
