import { LANGS, type Lang } from '@vt/i18n';
import type { TFunction } from 'i18next';
import type { MetaDescriptor } from 'react-router';
import type { Orientation } from './orientation';

interface BaseMeta {
  title: string;
  /** Defaults to the site's description, so no page goes without one. */
  description?: string;
  page?: number;
  noindex?: boolean;
  /** Absolute URL of a public image (og:image). */
  image?: string;
  /** og:type: `website` unless the page is something more specific (`video.other`, `profile`). */
  type?: string;
}

/** An indexable page: its absolute URL without `?lang=`, from which each language's URL is made. */
interface IndexedMeta extends BaseMeta {
  canonical: string;
  lang: Lang;
  /**
   * The orientation shown, on pages whose content depends on it (listings, blocks, counts): each
   * orientation is its own crawlable URL, `?orientation=gay|shemale` (ADR 0025). Straight is the plain URL.
   */
  orientation?: Orientation;
}

interface UnindexedMeta extends BaseMeta {
  canonical?: undefined;
  lang?: Lang;
  orientation?: Orientation;
}

export type PageMeta = IndexedMeta | UnindexedMeta;

/** Open Graph locales: the region each catalog is written for (the Portuguese one is Brazilian). */
const OG_LOCALES: Record<Lang, string> = {
  en: 'en_US',
  ru: 'ru_RU',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  pl: 'pl_PL',
  it: 'it_IT',
  pt: 'pt_BR',
  ja: 'ja_JP',
  nl: 'nl_NL',
};

/**
 * A page's URL in one language. English, the default a crawler without cookies gets, is the plain URL;
 * every other language is the same URL with `?lang=xx`, which renders it whatever the cookie says.
 */
export function languageUrl(url: string, lang: Lang, orientation: Orientation = 'straight'): string {
  const absolute = /^https?:\/\//.test(url);
  const parsed = new URL(url, 'http://relative.invalid');
  parsed.searchParams.delete('lang');
  parsed.searchParams.delete('orientation');
  // In this order, as the sitemaps write them: one URL per page, language and orientation.
  if (orientation !== 'straight') parsed.searchParams.set('orientation', orientation);
  if (lang !== 'en') parsed.searchParams.set('lang', lang);
  return absolute ? parsed.href : `${parsed.pathname}${parsed.search}`;
}

/**
 * `<title>`, description, canonical, Open Graph tags and `hreflang` alternates in the site's title pattern.
 * The canonical is the URL of the language shown, so each language version is its own indexable page
 * and the alternates point at pages that name themselves canonical (docs/decisions/0011-seo-language-urls-and-sitemaps.md).
 */
export function pageMeta(t: TFunction, meta: PageMeta): MetaDescriptor[] {
  const title =
    meta.page && meta.page > 1 ? t('meta.page_suffix', { title: meta.title, page: meta.page }) : meta.title;
  const fullTitle = t('meta.title_pattern', { title, site: t('site.name') });
  const description = meta.description?.trim() || t('meta.default_description', { site: t('site.name') });
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: t('site.name') },
    { property: 'og:type', content: meta.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  if (meta.lang) tags.push({ property: 'og:locale', content: OG_LOCALES[meta.lang] });
  if (meta.canonical !== undefined) {
    const canonical = languageUrl(meta.canonical, meta.lang, meta.orientation);
    tags.push({ tagName: 'link', rel: 'canonical', href: canonical });
    tags.push({ property: 'og:url', content: canonical });
    if (!meta.noindex) {
      for (const lang of LANGS) {
        tags.push({
          tagName: 'link',
          rel: 'alternate',
          hrefLang: lang,
          href: languageUrl(meta.canonical, lang, meta.orientation),
        });
      }
      tags.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'x-default',
        href: languageUrl(meta.canonical, 'en', meta.orientation),
      });
    }
  }
  if (meta.image) {
    tags.push({ property: 'og:image', content: meta.image });
    tags.push({ name: 'twitter:card', content: 'summary_large_image' });
  }
  if (meta.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}
