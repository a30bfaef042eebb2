import { describe, expect, it } from 'vitest';
import { isoDuration } from './video-structured-data';

describe('isoDuration', () => {
  it('writes hours, minutes and seconds, leaving out empty parts', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(59)).toBe('PT59S');
    expect(isoDuration(600)).toBe('PT10M');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(7200)).toBe('PT2H');
  });
});
