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

/** A post date in the UI language. UTC, so the server and the browser render the same text. */
export function formatDate(unixSeconds: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(unixSeconds * 1000);
}

export function isoDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}
