import { describe, expect, it } from 'vitest';
import { orientationHref } from './orientation';
import { languageUrl } from './page-meta';

describe('orientation URLs (ADR 0025)', () => {
  it('the switch links to this page in another orientation, keeping the other parameters', () => {
    expect(orientationHref('/videos/top-rated/2/', '?date=week&lang=de', 'gay')).toBe(
      '/videos/top-rated/2/?date=week&lang=de&orientation=gay',
    );
    expect(orientationHref('/', '?orientation=gay', 'straight')).toBe('/?orientation=straight');
  });

  it('canonical URLs name a non-straight orientation before the language, as the sitemaps do', () => {
    expect(languageUrl('https://x.test/categories/', 'en')).toBe('https://x.test/categories/');
    expect(languageUrl('https://x.test/categories/', 'en', 'straight')).toBe('https://x.test/categories/');
    expect(languageUrl('https://x.test/categories/', 'de', 'gay')).toBe(
      'https://x.test/categories/?orientation=gay&lang=de',
    );
    // A stale parameter in the given URL is replaced, never repeated.
    expect(languageUrl('/videos/longest/1/?orientation=gay&lang=fr', 'ja', 'shemale')).toBe(
      '/videos/longest/1/?orientation=shemale&lang=ja',
    );
    expect(languageUrl('/videos/longest/1/?orientation=gay', 'en')).toBe('/videos/longest/1/');
  });
});
