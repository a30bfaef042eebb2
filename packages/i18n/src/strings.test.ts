import { describe, expect, it } from 'vitest';
import { LANGS } from './langs';
import { catalogs } from './resources';
import {
  BROWSER_STRING_GROUPS,
  isAgeGateKey,
  pageStringGroups,
  stringGroupOf,
  stringsFor,
  stringsWhere,
  type Tree,
} from './strings';

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );

describe('string groups', () => {
  it('keep what every page links to in core and the long texts in their own group', () => {
    expect(stringGroupOf('nav.videos')).toBe('core');
    expect(stringGroupOf('info.pages.terms.title')).toBe('core');
    expect(stringGroupOf('info.contact.title')).toBe('core');
    expect(stringGroupOf('info.pages.terms.summary')).toBe('info');
    expect(stringGroupOf('moderation.title')).toBe('staff');
    expect(stringGroupOf('upload.title')).toBe('upload');
    expect(stringGroupOf('player.play')).toBe('watch');
    expect(stringGroupOf('download.title')).toBe('watch');
    expect(stringGroupOf('models.headline.most-popular')).toBe('models');
    expect(stringGroupOf('model.headline.wall')).toBe('models');
    // A channel's counts and a wall (member pages too) are not the model pages' alone.
    expect(stringGroupOf('model.stat.videos')).toBe('core');
    expect(stringGroupOf('model.wall_empty')).toBe('core');
    expect(stringGroupOf('albums.headline.top-rated')).toBe('members');
    expect(stringGroupOf('album_upload.title')).toBe('upload');
    expect(stringGroupOf('mail.confirm.subject')).toBe('server');
  });

  it('give a page core plus the groups its routes name, never server', () => {
    expect(pageStringGroups([])).toEqual(['core']);
    expect(pageStringGroups(['info', 'server', 'bogus', 'info'])).toEqual(['core', 'info']);
  });
});

describe.each(LANGS)('stringsFor %s', (lang) => {
  it('splits the catalog into the browser groups without losing or repeating a key', () => {
    const all = keys(catalogs[lang] as Tree).filter((key) => stringGroupOf(key) !== 'server');
    const parts = BROWSER_STRING_GROUPS.flatMap((group) => keys(stringsFor(catalogs, lang, [group]).own));
    expect(parts.sort()).toEqual(all.sort());
  });

  it('carries no other language and nothing for the server', () => {
    const part = stringsFor(catalogs, lang, BROWSER_STRING_GROUPS);
    expect(JSON.stringify(part)).not.toContain('"mail"');
    // Every catalog has every key (catalogs.test.ts), so no English fallback is needed today.
    expect(keys(part.fallback)).toEqual([]);
  });
});

describe('the English fallback', () => {
  it('holds exactly the keys of the asked groups the language lacks, plural forms by their base', () => {
    const partial = structuredClone(catalogs) as Record<string, Tree>;
    delete (partial.ru.nav as Tree).videos;
    delete (partial.ru.info as { pages: Tree }).pages.faq;
    const core = stringsFor(partial, 'ru', ['core']);
    expect(keys(core.fallback)).toEqual(['nav.videos', 'info.pages.faq.title']);
    const info = stringsFor(partial, 'ru', ['info']);
    expect(keys(info.fallback).every((key) => key.startsWith('info.pages.faq.'))).toBe(true);
    expect(keys(info.fallback)).not.toContain('info.pages.faq.title');
  });
});

describe('the age gate in its own language', () => {
  it('carries the gate texts and the two footer labels it links, nothing else', () => {
    const part = stringsWhere(catalogs, 'de', isAgeGateKey);
    const got = keys(part.own);
    expect(got).toContain('age_gate.title');
    expect(got).toContain('footer.terms');
    expect(got).toContain('footer.privacy');
    expect(got.every((key) => key.startsWith('age_gate.') || key.startsWith('footer.'))).toBe(true);
    expect(got.filter((key) => key.startsWith('footer.'))).toHaveLength(2);
  });
});
