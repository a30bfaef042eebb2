import { describe, expect, it } from 'vitest';
import { getI18n } from './i18n';
import {
  INFO_PAGES,
  INFO_RELATED,
  INFO_SLUGS,
  infoSectionKey,
  isInfoSlug,
  parseInfoBody,
} from './info-pages';

describe('parseInfoBody', () => {
  it('splits paragraphs on blank lines and gathers "- " lines into a list', () => {
    expect(parseInfoBody('First line\ncontinues.\n\nIntro:\n- one;\n- two.\nAfter.')).toEqual([
      { kind: 'p', text: 'First line continues.' },
      { kind: 'p', text: 'Intro:' },
      { kind: 'ul', items: ['one;', 'two.'] },
      { kind: 'p', text: 'After.' },
    ]);
  });
});

describe('information pages', () => {
  const t = getI18n('en').t as unknown as (key: string, options?: Record<string, unknown>) => string;
  // A key without text comes back as itself.
  const exists = (key: string) => t(key) !== key;

  it('has an English title, summary and every section for each page', () => {
    expect([...INFO_SLUGS].sort()).toEqual(Object.keys(INFO_PAGES).sort());
    for (const slug of INFO_SLUGS) {
      expect(exists(`info.pages.${slug}.title`), slug).toBe(true);
      expect(exists(`info.pages.${slug}.summary`), slug).toBe(true);
      for (const section of INFO_PAGES[slug]) {
        const key = infoSectionKey(slug, section);
        const body = t(`${key}.body`, { site: 'X' });
        expect(exists(`${key}.heading`), key).toBe(true);
        expect(body.length, `${slug}.${section}`).toBeGreaterThan(20);
        expect(body).not.toMatch(/lorem|\{\{/i);
      }
      for (const other of INFO_RELATED[slug]) expect(other).not.toBe(slug);
    }
  });

  it('knows its slugs only', () => {
    expect(isInfoSlug('2257')).toBe(true);
    expect(isInfoSlug('content-removal')).toBe(true);
    expect(isInfoSlug('contact')).toBe(false);
    expect(isInfoSlug('toString')).toBe(false);
    expect(isInfoSlug(undefined)).toBe(false);
  });
});
