import { describe, expect, it } from 'vitest';
import { LANGS } from './langs';
import { wholePlural } from './plural';

const SAMPLE = [
  ...Array.from({ length: 2_500 }, (_, i) => i),
  ...Array.from({ length: 200 }, (_, i) => 1_000_000 * (i + 1) + (i % 3) * 11),
  ...Array.from({ length: 200 }, (_, i) => 12_345 * i + 101),
  999_999,
  1_000_001,
  Number.MAX_SAFE_INTEGER - 1,
];

describe.each(LANGS)('wholePlural %s', (lang) => {
  it('gives every whole number the category Intl.PluralRules gives it', () => {
    const rules = new Intl.PluralRules(lang);
    const wrong = SAMPLE.filter((n) => wholePlural(lang, n) !== rules.select(n));
    expect(wrong).toEqual([]);
  });
});
