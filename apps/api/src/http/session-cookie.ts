import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'vt_session';

/** Secure when the site is served over TLS: the public origin says so, or the proxy's forwarded proto. */
export function isSecure(c: Context, opts: { publicOrigin: string; trustProxy: boolean }): boolean {
  if (opts.publicOrigin.startsWith('https:')) return true;
  if (opts.trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export const readSessionToken = (c: Context) => getCookie(c, SESSION_COOKIE) ?? null;

export function writeSessionCookie(c: Context, token: string, expiresAt: number, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: new Date(expiresAt * 1000),
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
}
