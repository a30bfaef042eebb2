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
