import { catalogs, isAgeGateKey, type Lang, stringsFor, stringsWhere, type Tree } from '@vt/i18n';
import {
  addStrings,
  type BrowserStringGroup,
  createEmptyI18n,
  type LiteI18n,
  type StringsBundle,
  type StringsPart,
} from '@vt/i18n/client';
import type { i18n } from 'i18next';
import { safeJson } from './safe-json';

/** The id of the JSON data block in which root.tsx inlines the page's strings for the first render. */
export const STRINGS_ELEMENT_ID = 'vt-strings';

// One instance per language: on the server instances hold the language's whole catalog and English's and are
// never changed after, so requests share them. In the browser an instance holds only the groups of its
// language that arrived so far. Both render with LiteI18n (react-i18next-lite.tsx): i18next's per-component
// wrapper was a sixth of the server's render time, and lite.test.ts holds the output to i18next's.
const serverInstances = new Map<Lang, LiteI18n>();
const instances = new Map<Lang, LiteI18n>();
const loaded = new Map<Lang, Set<BrowserStringGroup>>();

/**
 * The page's i18n for `lang`. In the browser it is a LiteI18n, which has `t` and `language` only: the
 * members the pages use (react-i18next-lite.tsx, lite.test.ts); hence the cast.
 */
export function getI18n(lang: Lang): i18n {
  // Replaced at build time, so the browser bundle drops the ten catalogs.
  if (import.meta.env.SSR) {
    let instance = serverInstances.get(lang);
    if (!instance) {
      instance = createEmptyI18n(lang);
      instance.add(lang, catalogs[lang] as Tree);
      if (lang !== 'en') instance.add('en', catalogs.en as Tree);
      serverInstances.set(lang, instance);
    }
    return instance as unknown as i18n;
  }
  adoptInlineStrings();
  return browserInstance(lang) as unknown as i18n;
}

function browserInstance(lang: Lang): LiteI18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createEmptyI18n(lang);
    instances.set(lang, instance);
  }
  return instance;
}

function add(lang: Lang, groups: readonly BrowserStringGroup[], part: StringsPart): void {
  addStrings(browserInstance(lang), lang, part);
  const have = loaded.get(lang) ?? new Set();
  for (const group of groups) have.add(group);
  loaded.set(lang, have);
}

let adopted = false;

/** Takes the strings the server inlined for the first render, once. */
function adoptInlineStrings(): void {
  if (adopted || typeof document === 'undefined') return;
  adopted = true;
  const text = document.getElementById(STRINGS_ELEMENT_ID)?.textContent;
  if (!text) return;
  const bundle = JSON.parse(text) as StringsBundle;
  add(bundle.lang, bundle.groups, bundle);
  if (bundle.gate) addStrings(browserInstance(bundle.gate.lang), bundle.gate.lang, bundle.gate);
}

const inlineCache = new Map<string, string>();

/**
 * Server only: the data block's JSON for a page in `lang` showing `groups`, with the age gate's texts when
 * it is shown in `gateLang`; built once per combination.
 */
export function pageStringsJson(
  lang: Lang,
  groups: readonly BrowserStringGroup[],
  gateLang: Lang | null,
): string {
  const gate = gateLang && gateLang !== lang ? gateLang : null;
  const key = `${lang}:${groups.join(',')}:${gate ?? ''}`;
  let json = inlineCache.get(key);
  if (json === undefined) {
    const bundle: StringsBundle = { lang, groups: [...groups], ...stringsFor(catalogs, lang, groups) };
    if (gate) bundle.gate = { lang: gate, ...stringsWhere(catalogs, gate, isAgeGateKey) };
    json = safeJson(bundle);
    inlineCache.set(key, json);
  }
  return json;
}

/**
 * Makes `groups` of `lang` available to getI18n: the inlined ones at once, any other group as its own
 * hashed chunk (one language, one group: `virtual:vt-strings`, built from the catalogs by vite.config.ts).
 */
export async function loadStrings(lang: Lang, groups: readonly BrowserStringGroup[]): Promise<void> {
  adoptInlineStrings();
  const missing = groups.filter((group) => !loaded.get(lang)?.has(group));
  if (missing.length === 0) return;
  const { stringChunks } = await import('virtual:vt-strings');
  const parts = await Promise.all(missing.map((group) => stringChunks[lang][group]()));
  for (const [i, part] of parts.entries()) add(lang, [missing[i]], part.default);
}

const loading = new Map<string, Promise<void>>();

/**
 * The loading of those of `groups` of `lang` not here yet, one for everyone who asks meanwhile; null when
 * all are here. A failed load is forgotten, so the next ask tries again.
 */
export function pendingStrings(lang: Lang, groups: readonly BrowserStringGroup[]): Promise<void> | null {
  adoptInlineStrings();
  const missing = groups.filter((group) => !loaded.get(lang)?.has(group));
  if (missing.length === 0) return null;
  const key = `${lang}:${missing.join(',')}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadStrings(lang, missing);
    loading.set(key, promise);
    const forget = () => loading.delete(key);
    void promise.then(forget, forget);
  }
  return promise;
}

/** The language the page renders in now (its `<html lang>`), for loading strings before a navigation. */
export function currentLang(): Lang {
  return (typeof document !== 'undefined' ? document.documentElement.lang : 'en') as Lang;
}

/**
 * A client loader for a route whose page needs groups beyond `core` (its `handle.strings`): on a client-side
 * navigation it loads them alongside the server data. The first render has them inlined already.
 */
export async function withStrings<T>(
  groups: readonly BrowserStringGroup[],
  serverLoader: () => Promise<T>,
): Promise<T> {
  const [data] = await Promise.all([serverLoader(), loadStrings(currentLang(), groups)]);
  return data;
}
