/** Spec §9: the age gate speaks ru, fr, de or en. */
export const GATE_LANGS = ['en', 'ru', 'de', 'fr'] as const;
export type GateLang = (typeof GATE_LANGS)[number];

/** Countries whose main language is one of the gate's; multilingual ones (be, ch, lu) are left to English. */
const COUNTRY_LANG: Record<string, GateLang> = {
  de: 'de',
  at: 'de',
  li: 'de',
  fr: 'fr',
  mc: 'fr',
  ru: 'ru',
  by: 'ru',
  kz: 'ru',
  kg: 'ru',
};

const isGateLang = (lang: string | null): lang is GateLang =>
  lang !== null && (GATE_LANGS as readonly string[]).includes(lang);

/**
 * The gate's language (ADR 0008): the UI language the visitor chose, when the gate has it; otherwise the
 * language of their country; otherwise English. The gate's own switch offers the other three.
 */
export function gateLanguage(chosenLang: string | null, country: string | null): GateLang {
  if (isGateLang(chosenLang)) return chosenLang;
  return (country && COUNTRY_LANG[country]) || 'en';
}
