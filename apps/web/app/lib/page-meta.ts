import type { TFunction } from 'i18next';
import type { MetaDescriptor } from 'react-router';

interface PageMeta {
  title: string;
  description?: string;
  /** Absolute canonical URL. */
  canonical?: string;
  page?: number;
  noindex?: boolean;
  image?: string;
}

/** `<title>`, description, canonical and Open Graph tags in the site's title pattern. */
export function pageMeta(t: TFunction, meta: PageMeta): MetaDescriptor[] {
  const title =
    meta.page && meta.page > 1 ? t('meta.page_suffix', { title: meta.title, page: meta.page }) : meta.title;
  const fullTitle = t('meta.title_pattern', { title, site: t('site.name') });
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { property: 'og:title', content: title }];
  if (meta.description) {
    tags.push({ name: 'description', content: meta.description });
    tags.push({ property: 'og:description', content: meta.description });
  }
  if (meta.canonical) {
    tags.push({ tagName: 'link', rel: 'canonical', href: meta.canonical });
    tags.push({ property: 'og:url', content: meta.canonical });
  }
  if (meta.image) tags.push({ property: 'og:image', content: meta.image });
  if (meta.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
