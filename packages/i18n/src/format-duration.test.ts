import { describe, expect, it } from 'vitest';
import { formatDuration, hhmmss } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [65, '01:05'],
    [599.9, '09:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36000, '10:00:00'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
  ])('%d → %s', (sec, expected) => {
    expect(formatDuration(sec)).toBe(expected);
  });
});

describe('hhmmss', () => {
  it.each([
    [0, '00:00:00'],
    [65, '00:01:05'],
    [3723, '01:02:03'],
    [360000, '100:00:00'],
  ])('%d → %s', (sec, expected) => {
    expect(hhmmss(sec)).toBe(expected);
  });
});
