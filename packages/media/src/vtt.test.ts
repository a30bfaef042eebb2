import { describe, expect, it } from 'vitest';
import { planSprites } from './plan';
import { buildTimelineVtt, vttTimestamp } from './vtt';

const spriteSettings = { tileWidth: 160, tileHeight: 90, columns: 10, rows: 10, maxTiles: 200 };

interface Cue {
  start: string;
  end: string;
  file: string;
  xywh: number[];
}

function cues(vtt: string): Cue[] {
  return vtt
    .split('\n\n')
    .slice(1)
    .map((block) => {
      const [timing, payload] = block.trim().split('\n');
      const [start, end] = timing.split(' --> ');
      const [file, region] = payload.split('#xywh=');
      return { start, end, file, xywh: region.split(',').map(Number) };
    });
}

describe('buildTimelineVtt', () => {
  it('formats timestamps as HH:MM:SS.mmm', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(5)).toBe('00:00:05.000');
    expect(vttTimestamp(3723.4567)).toBe('01:02:03.457');
  });

  it('has one cue per tile, ending the last at the duration', () => {
    const sprites = planSprites(47.3, spriteSettings);
    const vtt = buildTimelineVtt(sprites, 47.3);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const list = cues(vtt);
    expect(list).toHaveLength(48);
    expect(list[0]).toEqual({
      start: '00:00:00.000',
      end: '00:00:01.000',
      file: 'sprites/sprite-001.jpg',
      xywh: [0, 0, 160, 90],
    });
    expect(list[47]).toMatchObject({ start: '00:00:47.000', end: '00:00:47.300' });
  });

  it('fills rows of 10 tiles: tile 11 is the second row, first column', () => {
    const list = cues(buildTimelineVtt(planSprites(600, spriteSettings), 600));
    expect(list[9].xywh).toEqual([1440, 0, 160, 90]);
    expect(list[10]).toMatchObject({ start: '00:00:30.000', end: '00:00:33.000', xywh: [0, 90, 160, 90] });
    expect(list[99].xywh).toEqual([1440, 810, 160, 90]);
  });

  it('switches to the next sheet after 100 tiles', () => {
    const sprites = planSprites(7200, spriteSettings);
    const list = cues(buildTimelineVtt(sprites, 7200));
    expect(list).toHaveLength(200);
    expect(list[99]).toMatchObject({ file: 'sprites/sprite-001.jpg', xywh: [1440, 810, 160, 90] });
    expect(list[100]).toMatchObject({
      file: 'sprites/sprite-002.jpg',
      start: '01:00:00.000',
      xywh: [0, 0, 160, 90],
    });
    expect(list[199]).toMatchObject({ file: 'sprites/sprite-002.jpg', end: '02:00:00.000' });
  });

  it('takes a URL prefix for the sheets', () => {
    const vtt = buildTimelineVtt(planSprites(3, spriteSettings), 3, '/thumbs/demo/clip-1/sprites/');
    expect(cues(vtt).map((c) => c.file)).toEqual(Array(3).fill('/thumbs/demo/clip-1/sprites/sprite-001.jpg'));
  });
});
