/** One seek-preview cue: a region of a sprite sheet shown for [start, end) seconds. */
export interface TimelineCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const TIMING =
  /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)/;
const XYWH = /^(.*)#xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)\s*$/;

function parseTimestamp(text: string): number {
  const [clock, fraction = '0'] = text.split(/[.,]/);
  const parts = clock.split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds + Number(`0.${fraction}`);
}

function resolveUrl(url: string, baseUrl?: string): string {
  if (!baseUrl) return url;
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}

/**
 * Parses a thumbnail-sprite WebVTT (cue payload `sprite.jpg#xywh=x,y,w,h`). Cues without a usable
 * payload are skipped; relative sprite URLs are resolved against `baseUrl` (the VTT's own URL).
 */
export function parseTimelineVtt(text: string, baseUrl?: string): TimelineCue[] {
  const cues: TimelineCue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').map((line) => line.trim());
    const timingIndex = lines.findIndex((line) => TIMING.test(line));
    if (timingIndex === -1) continue;
    const timing = TIMING.exec(lines[timingIndex]);
    const payload = lines.slice(timingIndex + 1).find((line) => line.length > 0);
    const region = payload ? XYWH.exec(payload) : null;
    if (!timing || !region) continue;
    const start = parseTimestamp(timing[1]);
    const end = parseTimestamp(timing[2]);
    if (!(end > start)) continue;
    cues.push({
      start,
      end,
      url: resolveUrl(region[1], baseUrl),
      x: Number(region[2]),
      y: Number(region[3]),
      w: Number(region[4]),
      h: Number(region[5]),
    });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at `time`; past the last cue, the last one (the final frames still have a preview). */
export function findCue(cues: readonly TimelineCue[], time: number): TimelineCue | null {
  if (cues.length === 0) return null;
  let low = 0;
  let high = cues.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const cue = cues[mid];
    if (time < cue.start) high = mid - 1;
    else if (time >= cue.end) low = mid + 1;
    else return cue;
  }
  if (time >= cues[cues.length - 1].end) return cues[cues.length - 1];
  // In a gap between cues: the one just before.
  return high >= 0 ? cues[high] : cues[0];
}
