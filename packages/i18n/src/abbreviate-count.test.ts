import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './abbreviate-count';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.2K'],
    [1950, '2K'],
    [9999, '10K'],
    [12345, '12K'],
    [123456, '123K'],
    [999_499, '999K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_234_567, '1.2M'],
    [12_345_678, '12M'],
  ])('%d → %s', (n, expected) => {
    expect(abbreviateCount(n)).toBe(expected);
  });

  it('treats invalid and negative input as zero', () => {
    expect(abbreviateCount(Number.NaN)).toBe('0');
    expect(abbreviateCount(-5)).toBe('0');
  });

  it('ignores fractions', () => {
    expect(abbreviateCount(999.9)).toBe('999');
  });
});
