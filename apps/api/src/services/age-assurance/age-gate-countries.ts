/** The 27 EU member states (ISO 3166-1 alpha-2; Greece is `gr`, not the EU's own `EL`). */
export const EU_COUNTRIES = [
  'at',
  'be',
  'bg',
  'cy',
  'cz',
  'de',
  'dk',
  'ee',
  'es',
  'fi',
  'fr',
  'gr',
  'hr',
  'hu',
  'ie',
  'it',
  'lt',
  'lu',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'se',
  'si',
  'sk',
] as const;

export interface AgeGateCountries {
  /** Lower-case ISO codes where the gate applies. */
  countries: readonly string[];
  /** Visitors whose country is not known (no header, no cookie; Cloudflare's XX and T1). */
  unknown: boolean;
  /** `*`: every visitor, whatever the country. */
  everyone: boolean;
}

/**
 * Parses AGE_GATE_COUNTRIES (and AGE_ASSURANCE_COUNTRIES): a comma list of ISO codes plus `eu` (the member states), `unknown` and `*`.
 * Throws on anything else, so a typo fails at start-up instead of silently leaving a country ungated.
 */
export function parseAgeGateCountries(list: string, setting = 'AGE_GATE_COUNTRIES'): AgeGateCountries {
  const countries = new Set<string>();
  let unknown = false;
  let everyone = false;
  for (const raw of list.split(',')) {
    const token = raw.trim().toLowerCase();
    if (!token) continue;
    if (token === '*') everyone = true;
    else if (token === 'unknown') unknown = true;
    else if (token === 'eu') for (const code of EU_COUNTRIES) countries.add(code);
    else if (/^[a-z]{2}$/.test(token)) countries.add(token);
    else
      throw new Error(
        `Invalid configuration:\n  ${setting}: "${raw.trim()}" is not a two-letter country code, eu, unknown or *`,
      );
  }
  return { countries: [...countries].sort(), unknown: unknown || everyone, everyone };
}

/** Country codes a CDN sends when it does not know the country (Cloudflare: XX unknown, T1 Tor). */
const UNKNOWN_CODES = new Set(['xx', 't1']);

export function ageGateApplies(gate: AgeGateCountries, country: string | null): boolean {
  if (gate.everyone) return true;
  if (!country || UNKNOWN_CODES.has(country)) return gate.unknown;
  return gate.countries.includes(country);
}
