import type { InitOptions } from 'i18next';
import { DEFAULT_LANG, LANGS } from './langs';

export const DEFAULT_NS = 'translation';

/** The options every instance shares, on the server with every catalog and in the browser with one. */
export const I18N_OPTIONS: InitOptions = {
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  defaultNS: DEFAULT_NS,
  ns: [DEFAULT_NS],
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
  returnNull: false,
};
