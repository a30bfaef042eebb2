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

describe.each(LANGS.filter((lang) => lang !== 'en'))('catalog %s', (lang) => {
  const catalog = leaves(catalogs[lang]);

  it('has no keys that English lacks', () => {
    expect([...catalog.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps the interpolation placeholders of English', () => {
    for (const [key, text] of catalog) {
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('names its language in its own words', () => {
    expect(catalog.get('meta.language_name')).toBeTruthy();
    expect(catalog.get('meta.language_name')).not.toBe(english.get('meta.language_name'));
  });
});
