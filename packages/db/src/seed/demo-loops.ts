import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MEDIA_FILES, masterVariants } from '@vt/media';
import type { DemoMedia } from './seed';

/**
 * Lengths (seconds) the demo's longer videos get. A loop plays its clip's segments again and again,
 * with #EXT-X-DISCONTINUITY between rounds, so a "35:20" video really lasts 35:20 in the player, and its
 * seek previews repeat with it. Spread over the three duration filters (under 10, 10–40, over 40 min).
 */
export const LOOP_TARGETS = [150, 300, 480, 720, 1200, 1800, 2700, 3600, 5400] as const;

/** Written last: a loop directory with it is complete. */
const DONE = 'loop.json';

interface Cue {
  start: number;
  end: number;
  payload: string;
}

const vttTime = (sec: number) => {
  const ms = Math.round(sec * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

const parseVttTime = (t: string) => {
  const parts = t.split(':').map(Number);
  return parts.reduce((acc, n) => acc * 60 + n, 0);
};

function parseCues(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.split(/\r?\n\r?\n/)) {
    const lines = block.trim().split(/\r?\n/);
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [start, end] = lines[at].split('-->').map((x) => parseVttTime(x.trim().split(/\s+/)[0]));
    cues.push({ start, end, payload: lines.slice(at + 1).join('\n') });
  }
  return cues;
}

/** A media playlist's header, its segments (#EXTINF line with its URI) and their total length. */
function parseMedia(text: string) {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const first = lines.findIndex((l) => l.startsWith('#EXTINF'));
  const header = lines.slice(0, first).filter((l) => l !== '');
  const segments: { info: string; uri: string; seconds: number }[] = [];
  for (let i = first; i >= 0 && i < lines.length; i++) {
    if (!lines[i].startsWith('#EXTINF')) continue;
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (uri) segments.push({ info: lines[i], uri, seconds: Number(/^#EXTINF:([\d.]+)/.exec(lines[i])?.[1]) });
  }
  return { header, segments, seconds: segments.reduce((s, x) => s + x.seconds, 0) };
}

/** The clip played `rounds` times: the playlist a player reads, with a discontinuity between rounds. */
export function loopedMediaPlaylist(text: string, rounds: number): string {
  const { header, segments } = parseMedia(text);
  const out = [...header];
  for (let k = 0; k < rounds; k++) {
    if (k > 0) out.push('#EXT-X-DISCONTINUITY');
    for (const s of segments) out.push(s.info, s.uri);
  }
  out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}

/** The seek previews of `rounds` plays of a clip `seconds` long: the clip's cues, shifted each round. */
export function loopedTimelineVtt(vtt: string, seconds: number, rounds: number): string {
  const cues = parseCues(vtt).filter((c) => c.start < seconds);
  const out = ['WEBVTT', ''];
  for (let k = 0; k < rounds; k++) {
    for (const c of cues) {
      out.push(`${vttTime(c.start + k * seconds)} --> ${vttTime(Math.min(c.end, seconds) + k * seconds)}`);
      out.push(c.payload, '');
    }
  }
  return out.join('\n');
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** A hard link (no extra space for the segments), or a copy across file systems. */
function linkOrCopy(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  if (existsSync(to)) return;
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The length of a processed clip's stream (its first variant), in seconds, fractions kept. */
export function clipStreamSeconds(mediaDir: string, mediaPath: string): number {
  const dir = join(mediaDir, mediaPath);
  const [first] = masterVariants(readFileSync(join(dir, MEDIA_FILES.master), 'utf8'));
  return parseMedia(readFileSync(join(dir, first), 'utf8')).seconds;
}

/**
 * Longer cuts of a processed demo clip, one directory each beside it (`demo/clip-1-x12`): every file of
 * the clip hard-linked, its variant playlists and timeline rewritten to play it `rounds` times. Each
 * result's duration is what a player reports for it (whole seconds, rounded down). Idempotent.
 */
export function writeDemoLoops(mediaDir: string, clip: DemoMedia): DemoMedia[] {
  const source = join(mediaDir, clip.mediaPath);
  const seconds = clipStreamSeconds(mediaDir, clip.mediaPath);
  if (!(seconds > 0)) return [];
  const variants = masterVariants(readFileSync(join(source, MEDIA_FILES.master), 'utf8'));
  const rewritten = new Set([MEDIA_FILES.master, MEDIA_FILES.vtt, 'manifest.json', ...variants]);
  const rounds = [...new Set(LOOP_TARGETS.map((t) => Math.round(t / seconds)))].filter((r) => r >= 2);
  return rounds.map((n) => {
    const mediaPath = `${clip.mediaPath}-x${n}`;
    const out = join(mediaDir, mediaPath);
    if (!existsSync(join(out, DONE))) {
      for (const file of filesUnder(source)) {
        const rel = relative(source, file);
        if (!rewritten.has(rel)) linkOrCopy(file, join(out, rel));
      }
      for (const v of variants) {
        mkdirSync(dirname(join(out, v)), { recursive: true });
        writeFileSync(join(out, v), loopedMediaPlaylist(readFileSync(join(source, v), 'utf8'), n));
      }
      const vtt = join(source, MEDIA_FILES.vtt);
      if (existsSync(vtt))
        writeFileSync(join(out, MEDIA_FILES.vtt), loopedTimelineVtt(readFileSync(vtt, 'utf8'), seconds, n));
      writeFileSync(join(out, MEDIA_FILES.master), readFileSync(join(source, MEDIA_FILES.master)));
      writeFileSync(join(out, DONE), JSON.stringify({ clip: clip.mediaPath, rounds: n }));
    }
    return {
      ...clip,
      mediaPath,
      durationSec: Math.floor(seconds * n),
      timelineCount: clip.timelineCount * n,
      loops: undefined,
    };
  });
}
