import { createI18n, type Lang } from '@vt/i18n';
import type { i18n } from 'i18next';

// One instance per language: instances are never mutated after init (no changeLanguage), so
// sharing them between requests is safe and saves re-initialising ten catalogs per request.
const instances = new Map<Lang, i18n>();

export function getI18n(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang);
    instances.set(lang, instance);
  }
  return instance;
}
