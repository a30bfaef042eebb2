import { describe, expect, it } from 'vitest';
import { countryName, namedCountries } from './intl';

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

  it('keeps a code Intl cannot read, upper-cased', () => {
    expect(countryName('x1', 'en')).toBe('X1');
  });
});
