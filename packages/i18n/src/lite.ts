import { groupDigits } from './group-digits';
import type { Lang } from './langs';
import type { Tree } from './strings';

type Options = { count?: unknown; defaultValue?: unknown; [name: string]: unknown };

const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const MAX_FOUND = 4000;

/**
 * The part of i18next the pages use (`t` with `{{name}}` interpolation, `count` plurals, `defaultValue`,
 * English fallback; `language`), in about 1 KB instead of i18next's ~17 KB gzipped, for the browser.
 * The server renders with i18next itself; lite.test.ts holds the two to the same output for every key of
 * every language, so hydration never sees a difference.
 */
export class LiteI18n {
  readonly language: Lang;
  private readonly stores = new Map<string, Tree>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  /** Texts found by their dotted keys, per language: a server page looks up a few hundred, most many times. */
  private readonly found = new Map<string, Map<string, string | undefined>>();

  constructor(lang: Lang) {
    this.language = lang;
  }

  /**
   * Deep-merges a tree of texts into one language's store (i18next's addResourceBundle, deep, overwrite).
   * An `owned` tree is the caller's to give away (parsed for this instance alone): it is kept as it is,
   * and merged into later, instead of copied. Copying the page's inline strings key by key was a third of
   * the longest task of a listing's hydration on a slowed phone.
   */
  add(lang: string, tree: Tree, owned = false): void {
    this.found.delete(lang);
    const store = this.stores.get(lang);
    if (!store) {
      this.stores.set(lang, owned ? tree : structuredClone(tree));
      return;
    }
    const merge = (into: Tree, from: Tree) => {
      for (const [k, v] of Object.entries(from)) {
        const have = into[k];
        if (typeof v === 'object' && typeof have === 'object') merge(have, v);
        else into[k] = typeof v === 'object' && !owned ? structuredClone(v) : v;
      }
    };
    merge(store, tree);
  }

  private lookup(lang: string, key: string): string | undefined {
    let found = this.found.get(lang);
    if (!found) {
      found = new Map();
      this.found.set(lang, found);
    }
    if (found.has(key)) return found.get(key);
    let node: string | Tree | undefined = this.stores.get(lang);
    for (const part of key.split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    const text = typeof node === 'string' ? node : undefined;
    // Bounded: a key can be built from what a request carried.
    if (found.size >= MAX_FOUND) found.clear();
    found.set(key, text);
    return text;
  }

  private plural(lang: string, count: number): string {
    let rules = this.plurals.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(lang);
      this.plurals.set(lang, rules);
    }
    return rules.select(count);
  }

  private interpolate(text: string, options: Options | undefined): string {
    if (!options || !text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (match, placeholder: string) => {
      const name = placeholder.trim();
      const value = options[name];
      // i18next keeps a placeholder without a value as it is, and prints null as nothing.
      if (value === undefined) return match;
      if (value === null) return '';
      return name === 'count' && typeof value === 'number'
        ? groupDigits(value, this.language)
        : String(value);
    });
  }

  readonly t = (key: string, options?: Options): string => {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    for (const lang of this.language === 'en' ? ['en'] : [this.language, 'en']) {
      const text =
        (count !== undefined ? this.lookup(lang, `${key}_${this.plural(lang, count)}`) : undefined) ??
        this.lookup(lang, key);
      if (text !== undefined) return this.interpolate(text, options);
    }
    if (typeof options?.defaultValue === 'string') return this.interpolate(options.defaultValue, options);
    return key;
  };
}
