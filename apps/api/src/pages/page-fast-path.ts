import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLang } from '@vt/i18n';
import { withoutTracking } from '@vt/rules';
import type { Config } from '../config';
import type { Services } from '../container';
import { LANG_COOKIE } from '../http/lang-cookie';
import { isGender, ORIENTATION_COOKIE, orientationOf } from '../http/orientation-cookie';
import { SESSION_COOKIE } from '../http/session-cookie';
import { AGE_COOKIE } from '../services/age-assurance/age-assurance.service';
import { isCacheablePath, type PageCache, pageKey } from './page-cache';

/** Never pages (app.ts NOT_PAGES); the legacy JSON has its own fast path. */
const NOT_PAGES = /^\/(api|trpc|media|thumbs|timelines|assets|dev|ads|static)\//;
const COUNTRY = /^[a-z]{2}$/;

function cookiesOf(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/**
 * Answers hits of the anonymous page cache from the Node request listener, as cache-fast-path.ts does for
 * the legacy JSON: the key is computed from the same cookies and headers request-context.ts and
 * age-gate.page.ts read, and the headers are the ones the app sent with the entry's first answer, its CSP
 * with the page's script hashes among them (page-cache.ts finish()). Anything that would make the app add a cookie or a per-visitor
 * decision (a session cookie, a `?lang=` to remember, an age cookie to renew, a GeoIP lookup) falls through
 * to the app, which answers from the same cache.
 */
export function createPageFastPath(
  pageCache: PageCache,
  services: Pick<Services, 'ageAssurance'>,
  config: Pick<Config, 'trustCountryHeader' | 'countryHeader' | 'geoipDatabase'>,
) {
  // The app locates visitors by GeoIP in request-context.ts; the listener does not repeat that lookup.
  if (!pageCache.enabled || config.geoipDatabase) return () => false;

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url;
    if (!url?.startsWith('/') || NOT_PAGES.test(url)) return false;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (!(path.endsWith('/') || path.endsWith('.data')) || !isCacheablePath(path)) return false;

    const cookies = cookiesOf(req.headers.cookie);
    if (cookies.has(SESSION_COOKIE)) return false;
    const query = q === -1 ? null : new URLSearchParams(url.slice(q + 1));
    const queryLang = query?.get('lang') ?? null;
    const queryOrientation = query?.get('orientation') ?? null;
    const cookieLang = cookies.get(LANG_COOKIE);
    // The app would remember this choice in a cookie.
    if (queryLang && isLang(queryLang) && queryLang !== cookieLang) return false;
    const lang =
      queryLang && isLang(queryLang) ? queryLang : cookieLang && isLang(cookieLang) ? cookieLang : 'en';
    const cookieOrientation = cookies.get(ORIENTATION_COOKIE);
    // The app would remember this choice too (ADR 0025).
    if (isGender(queryOrientation) && queryOrientation !== cookieOrientation) return false;
    const gender = orientationOf(queryOrientation, cookieOrientation);
    const picked = cookies.get('country')?.toLowerCase();
    const country = picked && COUNTRY.test(picked) ? picked : null;
    const header = config.trustCountryHeader ? req.headers[config.countryHeader] : undefined;
    const located = typeof header === 'string' ? header.toLowerCase() : null;
    const requestCountry = located && COUNTRY.test(located) ? located : null;
    const status = services.ageAssurance.status({
      country: requestCountry,
      cookie: cookies.get(AGE_COOKIE),
      chosenLang: isLang(queryLang) ? queryLang : isLang(cookieLang) ? cookieLang : null,
    });
    // A renewed age cookie is the app's to write.
    if (status.renew && status.verifiedBy) return false;
    const ageGate = { shown: status.required && !status.verified, lang: status.lang, method: status.method };

    const key = pageKey(path + (q === -1 ? '' : withoutTracking(url.slice(q))), {
      lang,
      gender,
      country,
      requestCountry,
      ageGate,
    });
    const entry = pageCache.get(key);
    // A stale page is the app's to send, as it starts the render that replaces it.
    if (!entry?.sent || pageCache.isStale(entry)) return false;
    const answer = pageCache.answer(key, entry, {
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
      head: req.method === 'HEAD',
    });
    const headers: string[] = [];
    for (const [name, value] of Object.entries(answer.headers)) headers.push(name, value);
    for (const [name, value] of entry.sent.headers) headers.push(name, value);
    // A 304 keeps the body the browser holds and the CSP that came with it (http/cached-page-headers.ts).
    if (entry.sent.csp && answer.status === 200) headers.push('Content-Security-Policy', entry.sent.csp);
    headers.push('X-Request-Id', randomUUID());
    res.writeHead(answer.status, headers);
    res.end(answer.body ?? undefined);
    return true;
  };
}
