import { describe, expect, it } from 'vitest';
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

describe.each(LANGS.filter((lang) => lang !== 'en'))('catalog %s', (lang) => {
  const catalog = leaves(catalogs[lang]);

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
