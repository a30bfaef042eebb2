import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAgeAssurance } from './age-assurance.service';
import { ageGateApplies, EU_COUNTRIES, parseAgeGateCountries } from './age-gate-countries';
import { signCallbackToken, verifyCallbackToken } from './callback-token';
import { gateLanguage } from './gate-language';
import { readVerified, signVerified } from './verified-cookie';

const SECRET = 'a-shared-secret-of-more-than-32-characters';
const NOW = 1_750_000_000;
const NONCE = 'nonce-0123456789abcdef';
const ENV = { DATA_DIR: '/tmp/vt-age-config', MEDIA_SECRET: 'm'.repeat(32) };

describe('AGE_GATE_COUNTRIES', () => {
  it('defaults to the 27 EU states, the US and GB, and gates visitors whose country is unknown', () => {
    const gate = loadConfig(ENV).ageGate;
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(gate.countries).toHaveLength(29);
    for (const code of ['de', 'fr', 'gr', 'ie', 'us', 'gb']) expect(ageGateApplies(gate, code)).toBe(true);
    for (const code of ['au', 'ch', 'no', 'jp', 'ru']) expect(ageGateApplies(gate, code)).toBe(false);
    // A missing or untrusted country must never switch the gate off (docs/security.md).
    expect(ageGateApplies(gate, null)).toBe(true);
    expect(gate.assurance).toEqual({ method: 'modal' });
  });

  it('takes codes, eu, unknown (also CDN "XX"/"T1") and * for everyone', () => {
    const some = parseAgeGateCountries(' GB , us,unknown');
    expect(some.countries).toEqual(['gb', 'us']);
    expect(ageGateApplies(some, null)).toBe(true);
    expect(ageGateApplies(some, 'xx')).toBe(true);
    expect(ageGateApplies(some, 'de')).toBe(false);
    const all = parseAgeGateCountries('*');
    expect(ageGateApplies(all, 'jp')).toBe(true);
    expect(ageGateApplies(all, null)).toBe(true);
    const none = parseAgeGateCountries('');
    expect(ageGateApplies(none, 'de')).toBe(false);
  });

  it('refuses a typo at start-up instead of leaving a country ungated', () => {
    expect(() => loadConfig({ ...ENV, AGE_GATE_COUNTRIES: 'eu,usa' })).toThrow(/AGE_GATE_COUNTRIES: "usa"/);
    expect(() => loadConfig({ ...ENV, AGE_ASSURANCE: 'redirect' })).toThrow(
      /AGE_ASSURANCE_URL and AGE_ASSURANCE_SECRET/,
    );
  });
});

describe('gate language', () => {
  it('is the chosen UI language when the gate has it, else the country language, else English', () => {
    expect(gateLanguage('ru', 'de')).toBe('ru');
    expect(gateLanguage('fr', null)).toBe('fr');
    expect(gateLanguage('es', 'de')).toBe('de');
    expect(gateLanguage(null, 'at')).toBe('de');
    expect(gateLanguage(null, 'fr')).toBe('fr');
    expect(gateLanguage(null, 'by')).toBe('ru');
    expect(gateLanguage(null, 'us')).toBe('en');
    expect(gateLanguage('pl', 'pl')).toBe('en');
    expect(gateLanguage(null, null)).toBe('en');
  });
});

describe('callback token', () => {
  const token = (payload: Record<string, unknown>, secret = SECRET) => signCallbackToken(secret, payload);

  it('accepts a signed, unexpired answer for our nonce', () => {
    expect(
      verifyCallbackToken(SECRET, token({ adult: true, nonce: NONCE, exp: NOW + 60 }), NONCE, NOW),
    ).toEqual({
      ok: true,
    });
  });

  it('refuses forged, expired, foreign, negative and malformed answers', () => {
    const check = (t: string, nonce = NONCE) => {
      const result = verifyCallbackToken(SECRET, t, nonce, NOW);
      return { ...result, reason: result.ok ? null : result.reason };
    };
    const good = token({ adult: true, nonce: NONCE, exp: NOW + 60 });
    expect(check(token({ adult: true, nonce: NONCE, exp: NOW + 60 }, `${SECRET}x`)).reason).toBe('forged');
    // The payload changed after signing.
    const [, sig] = good.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ adult: true, nonce: NONCE, exp: NOW + 99999 })).toString('base64url')}.${sig}`;
    expect(check(tampered).reason).toBe('forged');
    expect(check(token({ adult: true, nonce: NONCE, exp: NOW })).reason).toBe('expired');
    expect(check(good, 'another-nonce-0123456789')).toEqual({ ok: false, reason: 'nonce_mismatch' });
    expect(check(good)).toEqual({ ok: true, reason: null });
    expect(check(token({ adult: false, nonce: NONCE, exp: NOW + 60 })).reason).toBe('not_adult');
    expect(check(token({ nonce: NONCE, exp: NOW + 60 })).reason).toBe('malformed');
    expect(check('').reason).toBe('malformed');
    expect(check(`${good}.x`).reason).toBe('malformed');
  });
});

describe('the "age verified" cookie', () => {
  it("is signed, and a provider does not take the modal's flag", () => {
    const value = signVerified('key', 'modal', NOW);
    expect(readVerified('key', value)).toEqual({ method: 'modal', issuedAt: NOW });
    expect(readVerified('other-key', value)).toBeNull();
    expect(readVerified('key', value.replace('modal', 'redirect'))).toBeNull();
    expect(readVerified('key', '1')).toBeNull();

    const clock = { now: () => NOW };
    const modal = createAgeAssurance({ secret: 's'.repeat(32), clock });
    const redirect = createAgeAssurance({
      secret: 's'.repeat(32),
      clock,
      gate: {
        ...parseAgeGateCountries('eu'),
        assurance: {
          method: 'redirect',
          url: 'https://age.example/',
          secret: SECRET,
          countries: parseAgeGateCountries('*'),
        },
      },
    });
    const byModal = modal.issueCookie('modal');
    const byProvider = redirect.issueCookie('redirect');
    const status = (age: typeof modal, cookie: string) =>
      age.status({ country: 'de', cookie, chosenLang: null });
    expect(status(modal, byModal)).toMatchObject({
      required: true,
      verified: true,
      renew: false,
      lang: 'de',
    });
    expect(status(modal, byProvider).verified).toBe(true);
    expect(status(redirect, byModal).verified).toBe(false);
    expect(status(redirect, byProvider).verified).toBe(true);

    // AGE_ASSURANCE_COUNTRIES=gb: the provider for Britain, the modal for the rest of the list.
    const britain = createAgeAssurance({
      secret: 's'.repeat(32),
      clock,
      gate: {
        ...parseAgeGateCountries('eu,gb'),
        assurance: {
          method: 'redirect',
          url: 'https://age.example/',
          secret: SECRET,
          countries: parseAgeGateCountries('gb'),
        },
      },
    });
    expect(britain.methodFor('gb')).toBe('redirect');
    expect(britain.methodFor('de')).toBe('modal');
    expect(status(britain, byModal)).toMatchObject({ verified: true, method: 'modal' });
    expect(britain.status({ country: 'gb', cookie: byModal, chosenLang: null })).toMatchObject({
      required: true,
      verified: false,
      method: 'redirect',
    });

    const later = createAgeAssurance({ secret: 's'.repeat(32), clock: { now: () => NOW + 31 * 86400 } });
    expect(status(later, byModal)).toMatchObject({ verified: true, renew: true, verifiedBy: 'modal' });
  });
});
