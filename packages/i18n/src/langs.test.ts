import { describe, expect, it } from 'vitest';
import { isLang, negotiateLang } from './langs';

describe('isLang', () => {
  it('accepts the ten languages only', () => {
    expect(isLang('ja')).toBe(true);
    expect(isLang('EN')).toBe(false);
    expect(isLang('xx')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe('negotiateLang', () => {
  it('prefers the query', () => {
    expect(negotiateLang('de', 'fr')).toBe('fr');
  });

  it('falls back to the cookie when the query is missing or invalid', () => {
    expect(negotiateLang('de', null)).toBe('de');
    expect(negotiateLang('de', 'zz')).toBe('de');
  });

  it('defaults to English', () => {
    expect(negotiateLang(undefined, undefined)).toBe('en');
    expect(negotiateLang('zz', '')).toBe('en');
  });
});
