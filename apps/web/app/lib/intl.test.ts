import { describe, expect, it } from 'vitest';
import { countryName, formatDate, namedCountries } from './intl';

describe('named countries', () => {
  it("names the loaders' countries in the page's language, in that language's order", () => {
    expect(namedCountries(['us', 'de', 'at'], 'en')).toEqual([
      { code: 'at', name: 'Austria' },
      { code: 'de', name: 'Germany' },
      { code: 'us', name: 'United States' },
    ]);
    expect(namedCountries(['us', 'de', 'at'], 'de').map((c) => c.name)).toEqual([
      'Deutschland',
      'Österreich',
      'Vereinigte Staaten',
    ]);
  });

  it('names and sorts each list once per language, with or without the country a page shows', () => {
    const codes = ['us', 'de', 'at'];
    expect(namedCountries([...codes], 'fr')).toBe(namedCountries([...codes], 'fr'));
    expect(namedCountries(codes, 'en')).not.toBe(namedCountries(codes, 'fr'));
    expect(namedCountries(codes, 'en', 'jp').map((c) => c.code)).toEqual(['at', 'de', 'jp', 'us']);
    expect(namedCountries(codes, 'en', 'de')).toBe(namedCountries(codes, 'en'));
  });

  it('keeps a code Intl cannot read, upper-cased', () => {
    expect(countryName('x1', 'en')).toBe('X1');
  });
});

describe('formatDate', () => {
  it('writes a date in each language as a fresh formatter does, the formatter kept per language', () => {
    const at = Date.UTC(2026, 10, 30, 23, 30) / 1000;
    for (const lang of ['en', 'de', 'ja', 'ru', 'en']) {
      const fresh = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at * 1000);
      expect(formatDate(at, lang)).toBe(fresh);
    }
    expect(formatDate(at, 'en')).toBe('Nov 30, 2026');
    expect(formatDate(at, 'de')).toBe('30.11.2026');
  });
});
