import { describe, expect, it } from 'vitest';
import { ratingPercent } from './rating-percent';

describe('ratingPercent', () => {
  it.each([
    [0, 0],
    [2.5, 50],
    [4.35, 87],
    [4.99, 100],
    [5, 100],
    [6, 100],
    [-1, 0],
    [Number.NaN, 0],
  ])('%d → %d', (rating, expected) => {
    expect(ratingPercent(rating)).toBe(expected);
  });
});
