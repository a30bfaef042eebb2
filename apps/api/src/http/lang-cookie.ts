import type { Lang } from '@vt/i18n';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';

export const LANG_COOKIE = 'lang';
const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * `?lang=xx` renders that language and keeps it: the choice becomes the visitor's cookie, as the language
 * select would set it, so the next page (without the parameter) stays in that language.
 */
export function writeLangCookie(c: Context, lang: Lang, secure: boolean): void {
  setCookie(c, LANG_COOKIE, lang, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure });
}
