import { randomUUID } from 'node:crypto';
import { isLang } from '@vt/i18n';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Services } from '../container';
import type { AppEnv } from './app-env';
import { clientIp } from './client-ip';
import { geoipCountryLookup } from './geoip-country';
import { LANG_COOKIE, writeLangCookie } from './lang-cookie';
import { isGender, ORIENTATION_COOKIE, orientationOf, writeOrientationCookie } from './orientation-cookie';
import { isSecure, readSessionToken, SESSION_COOKIE, writeSessionCookie } from './session-cookie';

const COUNTRY = /^[a-z]{2}$/;

/** Puts services, a request id and the visitor's language, orientation and country on the context. */
export function requestContext(
  services: Services,
  log: Logger,
  config: Pick<
    Config,
    'countryHeader' | 'trustCountryHeader' | 'geoipDatabase' | 'publicOrigin' | 'trustProxy'
  >,
): MiddlewareHandler<AppEnv> {
  const geoip = config.geoipDatabase ? geoipCountryLookup(config.geoipDatabase) : null;
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('clientIp', clientIp(c, config.trustProxy));
    c.set('secure', isSecure(c, config));
    c.set('services', services);
    c.set('log', log.child({ requestId }));
    const token = readSessionToken(c);
    const session = token ? await services.sessions.validate(token) : null;
    c.set(
      'viewer',
      session
        ? { memberId: session.member.id, name: session.member.name, role: session.member.role }
        : { memberId: null, name: null, role: null },
    );

    const queryLang = c.req.query('lang');
    const cookieLang = getCookie(c, LANG_COOKIE);
    c.set(
      'lang',
      queryLang && isLang(queryLang) ? queryLang : cookieLang && isLang(cookieLang) ? cookieLang : 'en',
    );

    const queryOrientation = c.req.query('orientation');
    const cookieOrientation = getCookie(c, ORIENTATION_COOKIE);
    c.set('gender', orientationOf(queryOrientation, cookieOrientation));

    const picked = getCookie(c, 'country')?.toLowerCase();
    c.set('country', picked && COUNTRY.test(picked) ? picked : null);
    // The country the law and the statistics go by: only from a trusted source, never from the visitor's
    // own cookie (which only picks the "top in country" list); unknown otherwise.
    const header = config.trustCountryHeader ? c.req.header(config.countryHeader)?.toLowerCase() : undefined;
    const located = header && COUNTRY.test(header) ? header : (geoip?.(c.var.clientIp) ?? null);
    c.set('requestCountry', located && COUNTRY.test(located) ? located : null);

    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    // Sliding expiry: send the extended cookie, unless this request signed out or in again.
    if (
      session?.renewed &&
      token &&
      !c.res.headers.getSetCookie().some((v) => v.startsWith(`${SESSION_COOKIE}=`))
    )
      writeSessionCookie(c, token, session.expiresAt, isSecure(c, config));
    // Only pages keep a `?lang=` choice: a cacheable JSON or media answer must not carry a cookie.
    if (
      queryLang &&
      isLang(queryLang) &&
      queryLang !== cookieLang &&
      c.res.headers.get('content-type')?.startsWith('text/html')
    )
      writeLangCookie(c, queryLang, isSecure(c, config));
    // The same for `?orientation=` (the header's orientation switch, ADR 0025).
    if (
      isGender(queryOrientation) &&
      queryOrientation !== cookieOrientation &&
      c.res.headers.get('content-type')?.startsWith('text/html')
    )
      writeOrientationCookie(c, queryOrientation, isSecure(c, config));
    // Per-request lines are debug: at info they would cost more than a cached answer does.
    c.var.log.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: +(performance.now() - started).toFixed(2),
      },
      'request',
    );
  };
}
