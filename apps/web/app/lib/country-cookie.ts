import { COUNTRY_COOKIE, COUNTRY_COOKIE_MAX_AGE } from './site-constants';

/** Stores the visitor's "top in country" choice; the server reads it into the load context. */
export function setCountryCookie(code: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, no Cookie Store API needed
  document.cookie = `${COUNTRY_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${COUNTRY_COOKIE_MAX_AGE}; samesite=lax`;
}
