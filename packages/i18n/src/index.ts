export { abbreviateCount } from './abbreviate-count';
export { createI18n } from './create-i18n';
export { formatDuration, hhmmss } from './format-duration';
export { DEFAULT_LANG, isLang, LANGS, type Lang, negotiateLang } from './langs';
export { paginationWindow } from './pagination-window';
export { ratingPercent } from './rating-percent';
export { type Catalog, catalogs } from './resources';
export {
  BROWSER_STRING_GROUPS,
  type BrowserStringGroup,
  isAgeGateKey,
  PAGE_STRING_GROUPS,
  type PageStringGroup,
  pageStringGroups,
  STRING_GROUPS,
  type StringGroup,
  type StringsBundle,
  stringGroupOf,
  stringsFor,
  stringsWhere,
  type Tree,
} from './strings';
