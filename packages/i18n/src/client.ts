import type { Lang } from './langs';
import { LiteI18n } from './lite';
import type { StringsPart } from './strings';

// The browser's entry: neither the catalogs nor i18next are imported here, so no bundle carries them.
export { LiteI18n } from './lite';
export type {
  BrowserStringGroup,
  PageStringGroup,
  StringGroup,
  StringsBundle,
  StringsPart,
} from './strings';
export { BROWSER_STRING_GROUPS, PAGE_STRING_GROUPS, pageStringGroups } from './strings';

/** An instance for one language holding no strings yet: parts are added as the page gets them. */
export function createEmptyI18n(lang: Lang): LiteI18n {
  return new LiteI18n(lang);
}

/**
 * Adds one part (a group, or a page's bundle): the language's texts and their English fallbacks. The part
 * becomes the instance's (parsed for it alone: the page's inline JSON, a string chunk): it is not copied.
 */
export function addStrings(instance: LiteI18n, lang: Lang, part: StringsPart): void {
  instance.add(lang, part.own, true);
  if (lang !== 'en') instance.add('en', part.fallback, true);
}
