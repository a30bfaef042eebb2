import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Visitor } from '../services/stats/view-stats.service';
import type { AppEnv } from './app-env';

/** A random id per browser: with the address, what counts a view once (ADR 0016). Not a secret. */
export const VISITOR_COOKIE = 'vt_visitor';
const VISITOR_ID = /^[\w-]{22}$/;
const YEAR = 365 * 86_400;

/**
 * The visitor behind a view call. A browser without a valid id gets one on this answer (view answers
 * are `no-store`, so no shared cache ever holds the cookie); until it sends it back it is its address.
 */
export function visitorOf(c: Context<AppEnv>): Visitor {
  const sent = getCookie(c, VISITOR_COOKIE);
  const memberId = c.var.viewer.memberId;
  if (sent && VISITOR_ID.test(sent)) return { ip: c.var.clientIp, id: sent, memberId };
  // Hono drops headers set before a handler that returns its own Response (tRPC does) unless the
  // context's response exists already; touching it makes the cookie survive either way.
  void c.res;
  const issued = randomBytes(16).toString('base64url');
  setCookie(c, VISITOR_COOKIE, issued, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.secure,
    path: '/',
    maxAge: YEAR,
  });
  return { ip: c.var.clientIp, id: null, issued, memberId };
}
