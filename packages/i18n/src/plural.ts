import type { Lang } from './langs';

/**
 * CLDR's cardinal plural category of a whole number in our ten languages, as `Intl.PluralRules` gives it
 * (plural.test.ts holds the two equal). A page's first Intl object makes the browser load that language's
 * locale data, 50–200 ms of a phone's main thread; counts are whole numbers, so they need none.
 */
export function wholePlural(lang: Lang, n: number): 'one' | 'few' | 'many' | 'other' {
  if (lang === 'ja') return 'other';
  if (lang === 'ru' || lang === 'pl') {
    const last = n % 10;
    const teen = n % 100 > 10 && n % 100 < 15;
    if (lang === 'ru' ? last === 1 && !teen : n === 1) return 'one';
    return last > 1 && last < 5 && !teen ? 'few' : 'many';
  }
  if (n === 1 || (n === 0 && (lang === 'fr' || lang === 'pt'))) return 'one';
  // es, fr, it, pt: "un million de vues".
  return n > 0 && n % 1e6 === 0 && !['en', 'de', 'nl'].includes(lang) ? 'many' : 'other';
}
