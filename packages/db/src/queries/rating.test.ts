import { describe, expect, it } from 'vitest';
import { ratingOf } from './rating';

describe('ratingOf', () => {
  it('smooths small vote counts and approaches the plain ratio', () => {
    expect(ratingOf(0, 0)).toBe(2.5);
    expect(ratingOf(2, 0)).toBe(3.75);
    expect(ratingOf(900, 30)).toBeGreaterThan(ratingOf(2, 0));
    expect(ratingOf(1000, 0)).toBeGreaterThan(4.9);
  });
});
