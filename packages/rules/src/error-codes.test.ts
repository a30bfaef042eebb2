import { readFileSync } from 'node:fs';
import { LANGS } from '@vt/i18n';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, STAFF_ERROR_CODES } from './error-codes';

const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
    form: { error: Record<string, string> };
    moderation: { error: Record<string, string> };
  };

describe('error codes', () => {
  it.each(LANGS)('every code the API answers with has text in %s', (lang) => {
    const texts = catalog(lang).form.error;
    const missing = ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('every code only the team meets has text for staff pages in %s', (lang) => {
    const texts = catalog(lang).moderation.error;
    const missing = STAFF_ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('are unique snake_case names', () => {
    const all = [...ERROR_CODES, ...STAFF_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
