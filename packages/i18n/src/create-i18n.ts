import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANG, type Lang } from './langs';
import { catalogs, DEFAULT_NS } from './resources';

const resources = Object.fromEntries(
  Object.entries(catalogs).map(([lang, catalog]) => [lang, { [DEFAULT_NS]: catalog }]),
);

/** A ready i18next instance: resources are bundled and init is synchronous, so SSR can use it at once. */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: Object.keys(catalogs),
    defaultNS: DEFAULT_NS,
    ns: [DEFAULT_NS],
    resources,
    initAsync: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
