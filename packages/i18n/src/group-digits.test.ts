import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';
import { LANGS } from './langs';

const WHOLE = [
  0, 7, 42, 999, 1000, 1234, 9999, 10000, 32367, 123456, 999999, 1000000, 1234567, 98765432, -1234, -12345,
];

describe.each(LANGS)('groupDigits in %s', (lang) => {
  it('writes whole numbers as Intl.NumberFormat does', () => {
    const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
    for (const n of WHOLE) expect(groupDigits(n, lang), String(n)).toBe(format.format(n));
  });

  it('leaves fractions, huge and non-finite values as String() writes them', () => {
    for (const n of [1.5, 1234.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(groupDigits(n, lang)).toBe(String(n));
  });
});
