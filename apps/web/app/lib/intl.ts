const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the UI language; the upper-cased code when Intl does not know it. */
export function countryName(code: string, lang: string): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

export interface NamedCountry {
  code: string;
  name: string;
}

/**
 * Countries named in `lang` and in that language's order (with `including`, the one a page shows, when
 * the list lacks it), for the loaders: the browser gets them named, since loading Intl's region names costs
 * it 50-180 ms of main thread.
 */
export function namedCountries(
  codes: readonly string[],
  lang: string,
  including?: string,
): readonly NamedCountry[] {
  const list = including && !codes.includes(including) ? [including, ...codes] : codes;
  // The same few lists on every render (the countries with videos, per language): named and sorted once.
  const key = `${lang}:${list.join(',')}`;
  let named = namedLists.get(key);
  if (!named) {
    const collator = new Intl.Collator(lang);
    named = list
      .map((code) => ({ code, name: countryName(code, lang) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    if (namedLists.size >= 200) namedLists.clear();
    namedLists.set(key, named);
  }
  return named;
}
const namedLists = new Map<string, readonly NamedCountry[]>();

/** The name of `code` in a loader's named countries. */
export const nameIn = (countries: readonly NamedCountry[], code: string): string =>
  countries.find((country) => country.code === code)?.name ?? code.toUpperCase();

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A post date in the UI language. UTC, so the server and the browser render the same text. One formatter
 * per language: building one costs about 150 µs, eleven times in an uncached video page with its comments.
 */
export function formatDate(unixSeconds: number, lang: string): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(unixSeconds * 1000);
}

export function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
