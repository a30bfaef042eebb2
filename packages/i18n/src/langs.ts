export const LANGS = ['en', 'ru', 'de', 'fr', 'es', 'pl', 'it', 'pt', 'ja', 'nl'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The UI language: a valid query value wins over the cookie; English otherwise. */
export function negotiateLang(cookieValue?: string | null, queryValue?: string | null): Lang {
  if (isLang(queryValue)) return queryValue;
  if (isLang(cookieValue)) return cookieValue;
  return DEFAULT_LANG;
}
