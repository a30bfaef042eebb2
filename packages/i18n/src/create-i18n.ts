import i18next, { type FormatterModule, type i18n, type Resource } from 'i18next';
import { groupDigits } from './group-digits';
import { I18N_OPTIONS } from './i18n-options';
import { isLang, type Lang } from './langs';
import { catalogs, DEFAULT_NS } from './resources';

// Built on first use rather than at import: a module-level call would keep every catalog in any bundle
// that imports this package, even one that never calls createI18n.
let resources: Resource | undefined;

/** A ready i18next instance: resources are bundled and init is synchronous, so SSR can use it at once. */
export function createI18n(lang: Lang): i18n {
  resources ??= Object.fromEntries(
    Object.entries(catalogs).map(([code, catalog]) => [code, { [DEFAULT_NS]: catalog }]),
  ) as Resource;
  const instance = i18next.createInstance().use(COUNT_FORMATTER);
  // Bundled resources make init complete synchronously; the promise it also returns carries nothing.
  void instance.init({
    ...I18N_OPTIONS,
    interpolation: { ...I18N_OPTIONS.interpolation, alwaysFormat: true },
    lng: lang,
    resources,
  });
  return instance;
}

/** `{{count}}` with the language's thousands separators, as the pages' lite i18n writes it (lite.ts). */
const COUNT_FORMATTER: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value, _format, lng, options) {
    return options?.interpolationkey === 'count' && typeof value === 'number' && isLang(lng)
      ? groupDigits(value, lng)
      : value;
  },
};
