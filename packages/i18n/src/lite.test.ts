import { describe, expect, it } from 'vitest';
import { addStrings, createEmptyI18n } from './client';
import { createI18n } from './create-i18n';
import { LANGS } from './langs';
import { catalogs } from './resources';
import { BROWSER_STRING_GROUPS, stringsFor, type Tree } from './strings';

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );
}

const english = keys(catalogs.en as Tree);
/** Every key a page may ask for: plural keys by their base, as t() is called with `count`. */
const asked = [...new Set(english.map((key) => key.replace(/_(one|other)$/, '')))];
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5, 1234, 12345, 1234567];

/** The browser's instance for a language: what the page gets, every group it may load. */
function browserI18n(lang: (typeof LANGS)[number]) {
  const sut = createEmptyI18n(lang);
  addStrings(sut, lang, stringsFor(catalogs, lang, BROWSER_STRING_GROUPS));
  return sut;
}

describe.each(LANGS)('the browser i18n in %s', (lang) => {
  const server = createI18n(lang);
  const sut = browserI18n(lang);

  it('renders every key exactly as i18next on the server does, with and without values and counts', () => {
    const differences: string[] = [];
    const values = { title: 'T', site: 'S', n: 7, name: 'N', country: 'C & D', error: 'E', page: 3 };
    for (const key of asked) {
      if (key.startsWith('mail.')) continue;
      const cases: Record<string, unknown>[] = [{}, values, ...COUNTS.map((count) => ({ ...values, count }))];
      for (const options of cases) {
        // biome-ignore lint/suspicious/noExplicitAny: the server's t is typed by key; these keys are strings
        const want = (server.t as any)(key, options);
        const got = sut.t(key, options);
        if (got !== want) differences.push(`${key} ${JSON.stringify(options)}: ${got} ≠ ${want}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it('answers like i18next for a missing key, a default value and a null value', () => {
    // biome-ignore lint/suspicious/noExplicitAny: keys outside the catalog on purpose
    const t = server.t as any;
    expect(sut.t('no.such.key')).toBe(t('no.such.key'));
    expect(sut.t('no.such.key', { defaultValue: 'x {{y}}', y: 1 })).toBe(
      t('no.such.key', { defaultValue: 'x {{y}}', y: 1 }),
    );
    expect(sut.t('home.top_in', { country: null })).toBe(t('home.top_in', { country: null }));
  });
});

describe('English fallback in the browser', () => {
  it('shows the English text of a key the language lacks', () => {
    const partial = structuredClone(catalogs) as Record<string, Tree>;
    delete (partial.de.nav as Tree).videos;
    const sut = createEmptyI18n('de');
    addStrings(sut, 'de', stringsFor(partial, 'de', ['core']));
    expect(sut.t('nav.videos')).toBe((catalogs.en as { nav: { videos: string } }).nav.videos);
    expect(sut.t('nav.menu')).toBe((catalogs.de as { nav: { menu: string } }).nav.menu);
  });
});

describe('strings arriving group by group, as the browser gets them', () => {
  it('answer as all groups at once: each part is kept and the next merged into it, in every language', () => {
    for (const lang of LANGS) {
      const whole = browserI18n(lang);
      const sut = createEmptyI18n(lang);
      for (const group of BROWSER_STRING_GROUPS) addStrings(sut, lang, stringsFor(catalogs, lang, [group]));
      const differences = asked.filter((key) => sut.t(key, { count: 2 }) !== whole.t(key, { count: 2 }));
      expect(differences.slice(0, 5), lang).toEqual([]);
    }
  });

  it('a key looked up before its group arrived is found once the group is added', () => {
    const sut = createEmptyI18n('de');
    sut.add('de', { nav: { menu: 'Menü' } });
    expect(sut.t('nav.videos')).toBe('nav.videos');
    expect(sut.t('nav.menu.more')).toBe('nav.menu.more');
    sut.add('de', { nav: { videos: 'Videos' } });
    expect(sut.t('nav.videos')).toBe('Videos');
    expect(sut.t('nav.menu')).toBe('Menü');
  });

  it('a tree added without being given away is copied: merging more into the store leaves it alone', () => {
    const given: Tree = { nav: { menu: 'Menu' } };
    const sut = createEmptyI18n('en');
    sut.add('en', given);
    sut.add('en', { nav: { videos: 'Videos' } });
    expect(given).toEqual({ nav: { menu: 'Menu' } });
    expect(sut.t('nav.videos')).toBe('Videos');
    expect(sut.t('nav.menu')).toBe('Menu');
  });
});

describe('counts', () => {
  it("are written with the language's thousands separators, in the browser as on the server", () => {
    const want = { en: '32,367 videos', de: '32.367 Videos', fr: '32\u202f367 vidéos', ja: '動画32,367本' };
    for (const [lang, text] of Object.entries(want) as [keyof typeof want, string][]) {
      expect(browserI18n(lang).t('categories.videos_count', { count: 32367 })).toBe(text);
      // biome-ignore lint/suspicious/noExplicitAny: the server's t is typed by key
      expect((createI18n(lang).t as any)('categories.videos_count', { count: 32367 })).toBe(text);
    }
    // Spanish groups from five digits, and a count's other uses (plural choice) see the number itself.
    expect(browserI18n('es').t('categories.videos_count', { count: 1234 })).toMatch(/^1234 /);
  });
});
