import { spriteFileName } from './media-layout';
import type { SpritePlan } from './plan';

export function vttTimestamp(sec: number): string {
  const ms = Math.max(0, Math.round(sec * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * The seek-preview WebVTT: one cue per sprite tile, pointing at its region of the sheet
 * (`sprites/sprite-001.jpg#xywh=x,y,w,h`). Sprite URLs are relative to the media directory. Pure.
 */
export function buildTimelineVtt(
  sprites: SpritePlan,
  durationSec: number,
  spriteUrlPrefix = 'sprites/',
): string {
  const perSheet = sprites.columns * sprites.rows;
  const cues: string[] = [];
  for (let i = 0; i < sprites.tileCount; i++) {
    const start = i * sprites.interval;
    const end = i === sprites.tileCount - 1 ? durationSec : Math.min((i + 1) * sprites.interval, durationSec);
    const sheet = Math.floor(i / perSheet);
    const cell = i % perSheet;
    const x = (cell % sprites.columns) * sprites.tileWidth;
    const y = Math.floor(cell / sprites.columns) * sprites.tileHeight;
    const file = spriteUrlPrefix + spriteFileName(sheet);
    cues.push(
      `${vttTimestamp(start)} --> ${vttTimestamp(end)}\n${file}#xywh=${x},${y},${sprites.tileWidth},${sprites.tileHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
