import type { Lang } from '@vt/i18n';
import type { TFunction } from 'i18next';
import { listingHref } from '../lib/listing-filters';
import type { Orientation } from '../lib/orientation';
import { pageMeta } from '../lib/page-meta';
import type { VideoListingData } from './video-listing.server';

/** Title, description and canonical of a `/videos/{sort}/{page}/` listing, whichever route renders it. */
export function videoListingMeta(
  t: TFunction,
  lang: Lang,
  origin: string,
  data: VideoListingData,
  orientation: Orientation = 'straight',
) {
  const { sort, page, filters } = data;
  return pageMeta(t, {
    lang,
    orientation,
    title: t(`listing.headline.${sort}`),
    description: t(`listing.seo.${sort}`),
    canonical: `${origin}${listingHref(sort, page, filters)}`,
    page,
    noindex: sort === 'history',
  });
}
