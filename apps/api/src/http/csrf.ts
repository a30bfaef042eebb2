import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { readSessionToken } from './session-cookie';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence of the Lucia guide: a state-changing request must come from our own origin. Browsers send
 * Origin on every cross-site POST; a cookie-carrying request without one is refused too.
 */
export function originCheck(publicOrigin: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicOrigin).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    const host = c.req.header('host');
    const sameHost = (o: string) => {
      try {
        return new URL(o).host === host;
      } catch {
        return false;
      }
    };
    const ok = origin
      ? origin === allowed || origin === own || sameHost(origin)
      : readSessionToken(c) === null;
    if (!ok) {
      return c.json({ error: 'The request came from another site and was refused.', code: 'csrf' }, 403, {
        'Cache-Control': 'no-store',
      });
    }
    return next();
  };
}
