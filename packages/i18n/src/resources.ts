import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import ja from '../locales/ja.json';
import nl from '../locales/nl.json';
import pl from '../locales/pl.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import { DEFAULT_NS } from './i18n-options';
import type { Lang } from './langs';

export type Catalog = typeof en;

/** A catalog may lag behind English; missing keys fall back to en at run time. */
type PartialCatalog = { [K in keyof Catalog]?: unknown };

// Bundled statically so SSR renders synchronously; the browser never imports this (src/client.ts).
export const catalogs: Record<Lang, PartialCatalog> = { en, ru, de, fr, es, pl, it, pt, ja, nl };

export { DEFAULT_NS };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NS;
    resources: { translation: Catalog };
  }
}
