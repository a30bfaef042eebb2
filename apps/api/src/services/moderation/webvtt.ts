/** The largest captions track a moderator may attach: hours of dialogue fit in far less. */
export const CAPTIONS_MAX_BYTES = 512 * 1024;

const TIMESTAMP = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const CUE_TIMING = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`);

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/**
 * A WebVTT track as a browser's <track> reads it, checked and normalised (LF line ends, no BOM); null with
 * the reason when it is not one: no `WEBVTT` header, a malformed or backwards cue timing, no cue at all,
 * control characters, or too large.
 */
export function checkWebVtt(text: string): { vtt: string } | { error: string } {
  if (Buffer.byteLength(text, 'utf8') > CAPTIONS_MAX_BYTES) return { error: 'too_large' };
  const vtt = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(vtt)) return { error: 'control_characters' };
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(vtt)) return { error: 'no_header' };
  let cues = 0;
  for (const line of vtt.split('\n')) {
    if (!line.includes('-->')) continue;
    const m = CUE_TIMING.exec(line);
    if (!m) return { error: 'bad_timing' };
    const start = seconds(m[1], m[2]!, m[3]!, m[4]!);
    const end = seconds(m[5], m[6]!, m[7]!, m[8]!);
    if (end <= start) return { error: 'bad_timing' };
    cues++;
  }
  if (cues === 0) return { error: 'no_cues' };
  return { vtt };
}
