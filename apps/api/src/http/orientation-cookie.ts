import { GENDERS, type Gender } from '@vt/rules';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';

export const ORIENTATION_COOKIE = 'orientation';
const ONE_YEAR = 365 * 24 * 60 * 60;

export const isGender = (value: string | null | undefined): value is Gender =>
  (GENDERS as readonly string[]).includes(value ?? '');

/**
 * The orientation a request is rendered for: `?orientation=` (a crawlable URL, ADR 0025), else the
 * cookie, else straight.
 */
export function orientationOf(query: string | null | undefined, cookie: string | null | undefined): Gender {
  return isGender(query) ? query : isGender(cookie) ? cookie : 'straight';
}

/** `?orientation=` on a page keeps the choice, as the header's switch means it to (like `?lang=`). */
export function writeOrientationCookie(c: Context, gender: Gender, secure: boolean): void {
  setCookie(c, ORIENTATION_COOKIE, gender, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure });
}
