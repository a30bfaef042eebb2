import { describe, expect, it } from 'vitest';
import { listingHref, parseListingFilters } from './listing-filters';

describe('parseListingFilters', () => {
  it('reads all filters', () => {
    const params = new URLSearchParams('date=week&duration=2&hd=1&country=de&decade=1970');
    expect(parseListingFilters(params, 'top-rated')).toEqual({
      date: 'week',
      duration: 2,
      hdOnly: true,
      country: 'de',
      decade: 1970,
    });
  });

  it('ignores the date on sorts without a date filter', () => {
    const params = new URLSearchParams('date=week');
    expect(parseListingFilters(params, 'latest-updates').date).toBe('all');
  });

  it('falls back to defaults on junk', () => {
    const params = new URLSearchParams('date=year&duration=7&hd=yes&country=DEU&decade=1975');
    expect(parseListingFilters(params, 'most-popular')).toEqual({
      date: 'all',
      duration: 0,
      hdOnly: false,
      country: null,
      decade: 0,
    });
  });
});

describe('listingHref', () => {
  it('builds the canonical path without default filters', () => {
    expect(listingHref('latest-updates', 1)).toBe('/videos/latest-updates/1/');
  });

  it('keeps the filters in the query', () => {
    expect(
      listingHref('most-popular', 3, {
        date: 'week',
        duration: 2,
        hdOnly: true,
        country: 'fr',
        decade: 1960,
      }),
    ).toBe('/videos/most-popular/3/?date=week&duration=2&hd=1&country=fr&decade=1960');
  });

  it('drops the date on sorts that do not support it', () => {
    expect(
      listingHref('longest', 2, { date: 'day', duration: 1, hdOnly: false, country: null, decade: 0 }),
    ).toBe('/videos/longest/2/?duration=1');
  });
});
