import { describe, expect, it } from 'vitest';
import { isNogeoReferrer } from './nogeo';

describe('isNogeoReferrer', () => {
  it('is false without a referrer', () => {
    expect(isNogeoReferrer('')).toBe(false);
  });

  it('is true when the referrer contains country/', () => {
    expect(isNogeoReferrer('https://example.test/top-country/2/')).toBe(true);
    expect(isNogeoReferrer('https://example.test/country/de/')).toBe(true);
  });

  it('is false for ordinary referrers', () => {
    expect(isNogeoReferrer('https://example.test/videos/latest-updates/1/')).toBe(false);
  });

  it('matches configured host endings', () => {
    expect(isNogeoReferrer('https://www.sister.example/', ['.sister.example'])).toBe(true);
    expect(isNogeoReferrer('https://other.example/', ['.sister.example'])).toBe(false);
  });
});
