import type { MiddlewareHandler } from 'hono';

/**
 * Runs outside the security headers, on what they leave:
 * - A 304 keeps the body the browser holds, whose nonces match the CSP header it got with it; a fresh
 *   header on the 304 would replace that one (RFC 9111 §4.3.4) and block the page's own scripts.
 * - An answer that sets a cookie (the `?lang=` choice, a renewed age cookie) belongs to one visitor:
 *   no shared cache may keep it, whatever the page cache said.
 */
export function cachedPageHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status === 304) {
      res.headers.delete('Content-Security-Policy');
      return;
    }
    const cc = res.headers.get('Cache-Control');
    if (cc?.startsWith('public') && res.headers.has('Set-Cookie'))
      res.headers.set('Cache-Control', 'private, no-cache');
  };
}
