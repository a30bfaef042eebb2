import type { Lang } from './langs';

/**
 * Each language's thousands separator. Written out rather than asked of Intl.NumberFormat because the
 * browser's first Intl object loads locale data, 50–200 ms of a phone's main thread (ADR 0048);
 * group-digits.test.ts holds this to Intl's output.
 */
const SEPARATOR: Record<Lang, string> = {
  en: ',',
  ja: ',',
  de: '.',
  nl: '.',
  pt: '.',
  es: '.',
  it: '.',
  fr: '\u202f',
  ru: '\u00a0',
  pl: '\u00a0',
};

/** CLDR's minimumGroupingDigits of 2: these write 1234 but 12 345. */
const GROUPED_FROM_FIVE_DIGITS: readonly Lang[] = ['es', 'it', 'pl'];

/** A whole number with the language's thousands separators ("32,367", "32.367", "32 367"); other values as String() writes them. */
export function groupDigits(value: number, lang: Lang): string {
  const text = String(value);
  const smallest = GROUPED_FROM_FIVE_DIGITS.includes(lang) ? 1e4 : 1e3;
  if (!Number.isSafeInteger(value) || Math.abs(value) < smallest) return text;
  return text.replace(/\B(?=(\d{3})+$)/g, SEPARATOR[lang]);
}
