import { isLang } from '@vt/i18n';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../http/app-env';
import { AGE_COOKIE } from '../services/age-assurance/age-assurance.service';
import type { GateLang } from '../services/age-assurance/gate-language';

/** What a page needs to know about the age gate (PageContext.ageGate). */
export interface PageAgeGate {
  /** Show the gate and hold back every image and video until the visitor passes it. */
  shown: boolean;
  lang: GateLang;
  method: 'modal' | 'redirect';
}

/**
 * The gate for this page request, and a renewed "verified" cookie when the visitor's is old (the caller
 * puts it on the page's response: see pages.handler.ts).
 */
export function pageAgeGate(c: Context<AppEnv>): { gate: PageAgeGate; renewedCookie: string | null } {
  const age = c.var.services.ageAssurance;
  const query = c.req.query('lang');
  const cookie = getCookie(c, 'lang');
  const status = age.status({
    country: c.var.requestCountry,
    cookie: getCookie(c, AGE_COOKIE),
    chosenLang: isLang(query) ? query : isLang(cookie) ? cookie : null,
  });
  return {
    gate: { shown: status.required && !status.verified, lang: status.lang, method: status.method },
    renewedCookie: status.renew && status.verifiedBy ? age.issueCookie(status.verifiedBy) : null,
  };
}
