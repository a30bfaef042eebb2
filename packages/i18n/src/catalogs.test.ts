import { describe, expect, it } from 'vitest';
import { SAME_AS_ENGLISH, SAME_IN_EVERY_LANGUAGE } from './identical-allow-list';
import { LANGS } from './langs';
import { catalogs } from './resources';

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
    }
  } else {
    out.set(prefix.slice(0, -1), String(node));
  }
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = leaves(catalogs.en);

/**
 * The English key a locale key stands for: plural forms English does not have (`_zero`, `_two`, `_few`,
 * `_many` in ru and pl) belong to English's `_other`.
 */
function englishKey(key: string): string {
  const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (plural && !english.has(key) && english.has(`${plural[1]}_other`)) return `${plural[1]}_other`;
  return key;
}

/** Text with no letters outside its placeholders ("{{n}} / {{total}}", "18–25") reads the same everywhere. */
const formatOnly = (text: string) => !/\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''));

/** The plural forms a language's grammar needs: ru and pl one/few/many/other, ja only other, fr many… */
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

describe.each(LANGS.filter((lang) => lang !== 'en'))('catalog %s', (lang) => {
  const catalog = leaves(catalogs[lang]);

  it('has every key English has, each plural in every form the language needs', () => {
    const missing: string[] = [];
    for (const key of english.keys()) {
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (plural && english.has(`${plural[1]}_other`)) {
        if (plural[2] === 'other')
          for (const form of pluralForms(lang))
            if (!catalog.has(`${plural[1]}_${form}`)) missing.push(`${plural[1]}_${form}`);
        continue;
      }
      if (!catalog.has(key)) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('leaves nothing empty', () => {
    expect([...catalog].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('translates every text, apart from words on the allow list that really are the same', () => {
    const allowed = new Set([...SAME_IN_EVERY_LANGUAGE, ...SAME_AS_ENGLISH[lang]]);
    const untranslated = [...catalog]
      .filter(([key, text]) => text === english.get(key) && !formatOnly(text) && !allowed.has(key))
      .map(([key, text]) => `${key} = ${text}`);
    expect(untranslated).toEqual([]);
  });

  it('allows only what is still the same as English', () => {
    const stale = SAME_AS_ENGLISH[lang].filter((key) => catalog.get(key) !== english.get(key));
    expect(stale).toEqual([]);
  });

  it('has no keys that English lacks', () => {
    expect([...catalog.keys()].filter((key) => !english.has(englishKey(key)))).toEqual([]);
  });

  it('keeps the interpolation placeholders of English', () => {
    for (const [key, text] of catalog) {
      expect(placeholders(text), key).toEqual(placeholders(english.get(englishKey(key)) ?? ''));
    }
  });

  it('names its language in its own words', () => {
    expect(catalog.get('meta.language_name')).toBeTruthy();
    expect(catalog.get('meta.language_name')).not.toBe(english.get('meta.language_name'));
  });
});
