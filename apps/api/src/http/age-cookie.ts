import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { AGE_COOKIE, AGE_COOKIE_MAX_AGE } from '../services/age-assurance/age-assurance.service';

/** The "age verified" flag (spec §3 cookies): HttpOnly, because only the server reads it. */
export function writeAgeCookie(c: Context, value: string, secure: boolean): void {
  setCookie(c, AGE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: AGE_COOKIE_MAX_AGE,
  });
}

/** Only a path on this site: `/…`, never `//host` or `/\host`, which browsers treat as another site. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || /^\/[/\\]/.test(value)) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}
