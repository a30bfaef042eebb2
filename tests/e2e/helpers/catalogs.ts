import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The ten UI languages' catalogs, read from packages/i18n/locales as the browser tests compare texts. */
export const LANGS = ['en', 'ru', 'de', 'fr', 'es', 'pl', 'it', 'pt', 'ja', 'nl'] as const;
export type Lang = (typeof LANGS)[number];
export type Catalog = { [key: string]: string | Catalog };

export const catalogs = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    JSON.parse(readFileSync(join(process.cwd(), 'packages/i18n/locales', `${lang}.json`), 'utf8')) as Catalog,
  ]),
) as Record<Lang, Catalog>;
