import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../shared/clock';
import { type AgeGateCountries, ageGateApplies, parseAgeGateCountries } from './age-gate-countries';
import type { CallbackCheck } from './callback-token';
import { type GateLang, gateLanguage } from './gate-language';
import { type AgeAssuranceConfig, createProvider } from './providers';
import { type AgeMethod, readVerified, signVerified } from './verified-cookie';

export const AGE_COOKIE = 'age_verified';
/** Browsers keep a cookie at most 400 days; the flag is renewed on visits, so it is effectively permanent. */
export const AGE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
const RENEW_AFTER = 30 * 24 * 60 * 60;

export interface AgeGateStatus {
  /** The visitor's country (or its absence) is on the list. */
  required: boolean;
  /** A valid "age verified" cookie for the configured method. */
  verified: boolean;
  /** How the cookie's check was passed. */
  verifiedBy: AgeMethod | null;
  /** Send the cookie again: verified, but issued long ago. */
  renew: boolean;
  lang: GateLang;
  method: AgeMethod;
}

export interface AgeAssuranceDeps {
  gate?: AgeGateCountries & { assurance: AgeAssuranceConfig };
  /** Server secret the cookie key derives from (MEDIA_SECRET). */
  secret: string;
  clock: Clock;
}

/** Who must pass the age gate, how they pass it, and the signed cookie that remembers it. */
export function createAgeAssurance({ gate, secret, clock }: AgeAssuranceDeps) {
  const countries = gate ?? parseAgeGateCountries('eu,us,gb');
  const assurance = gate?.assurance ?? { method: 'modal' as const };
  const provider = createProvider(assurance);
  const cookieKey = createHmac('sha256', secret).update('age-verified-cookie').digest('hex');

  /** How a visitor from this country proves age: the provider where it is configured, else the modal. */
  const methodFor = (country: string | null): AgeMethod =>
    assurance.method === 'redirect' && ageGateApplies(assurance.countries, country) ? 'redirect' : 'modal';

  return {
    provider,
    methodFor,

    status(opts: {
      country: string | null;
      cookie: string | undefined;
      chosenLang: string | null;
    }): AgeGateStatus {
      const flag = readVerified(cookieKey, opts.cookie);
      const method = methodFor(opts.country);
      // A provider's check also satisfies the modal; the modal's click never satisfies a provider.
      const verified = flag !== null && (flag.method === 'redirect' || method === 'modal');
      return {
        required: ageGateApplies(countries, opts.country),
        verified,
        verifiedBy: verified ? flag.method : null,
        renew: verified && flag.issuedAt < clock.now() - RENEW_AFTER,
        lang: gateLanguage(opts.chosenLang, opts.country),
        method,
      };
    },

    /** The cookie value after a passed check (`method` is how it was passed). */
    issueCookie(method: AgeMethod): string {
      return signVerified(cookieKey, method, clock.now());
    },

    /** A fresh nonce for a redirect to the provider; the caller binds it to the browser. */
    newNonce: () => randomBytes(18).toString('base64url'),

    verifyCallback(token: string, nonce: string): CallbackCheck {
      if (provider.method !== 'redirect') return { ok: false, reason: 'malformed' };
      return provider.verifyCallback(token, nonce, clock.now());
    },
  };
}

export type AgeAssurance = ReturnType<typeof createAgeAssurance>;
