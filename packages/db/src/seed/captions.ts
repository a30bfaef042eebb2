import type Database from 'better-sqlite3';

/** Every tenth of the first videos gets a caption track; video 1 always does (the e2e seed's clip). */
const CAPTIONED_UP_TO = 200;
const CUE_EVERY_SEC = 10;
const CUE_LENGTH_SEC = 4;

const stamp = (sec: number) => {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.000`;
};

/** A synthetic English WebVTT track over the whole duration: one short cue every ten seconds. */
export function demoCaptionsVtt(durationSec: number): string {
  const cues = ['WEBVTT', ''];
  for (let at = 0, n = 1; at < Math.max(durationSec, 1); at += CUE_EVERY_SEC, n++) {
    const end = Math.min(at + CUE_LENGTH_SEC, Math.max(durationSec, at + 1));
    cues.push(`${stamp(at)} --> ${stamp(end)}`, `[Test pattern] Demo caption ${n}`, '');
  }
  return cues.join('\n');
}

/** Demo caption tracks, so the player's captions button has something to show. */
export function seedCaptions(sqlite: Database.Database, now: number): void {
  const rows = sqlite
    .prepare('SELECT id, duration_sec FROM videos WHERE id <= ? AND id % 10 = 1 ORDER BY id')
    .all(CAPTIONED_UP_TO) as { id: number; duration_sec: number }[];
  const insert = sqlite.prepare(
    "INSERT OR REPLACE INTO video_captions (video_id, lang, vtt, updated_at) VALUES (?, 'en', ?, ?)",
  );
  sqlite.transaction(() => {
    for (const r of rows) insert.run(r.id, demoCaptionsVtt(r.duration_sec), now);
  })();
}
