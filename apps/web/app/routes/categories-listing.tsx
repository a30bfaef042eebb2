import { useTranslation } from 'react-i18next';
import { CategoryChips } from '../components/category-chips';
import { getI18n } from '../lib/i18n';
import { listingHref } from '../lib/listing-filters';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { loadCategoryListing } from '../pages/category-listing.server';
import { VideoListingPage } from '../pages/video-listing-page';
import type { Route } from './+types/categories-listing';

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCategoryListing(context, request, params.ids, params.first, params.second);
}

const titles = (data: { chosen: { title: string }[] }) => data.chosen.map((c) => c.title).join(' + ');

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { sort, page, filters, chosen } = loaderData;
  const base = `/categories/${chosen.map((c) => c.dir).join(',')}`;
  return pageMeta(t, {
    lang,
    orientation,
    title: t(`categories.headline.${sort}`, { names: titles(loaderData) }),
    description: t('categories.seo', { names: titles(loaderData) }),
    canonical: `${origin}${listingHref(sort, page, filters, base)}`,
    page,
  });
}

export default function CategoriesListing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sort, filters, chosen, categories } = loaderData;
  return (
    <VideoListingPage
      data={loaderData}
      base={`/categories/${chosen.map((c) => c.dir).join(',')}`}
      chosen={chosen.map((c) => c.dir)}
      headline={t(`categories.headline.${sort}`, { names: titles(loaderData) })}
    >
      <CategoryChips chosen={chosen} all={categories} sort={sort} filters={filters} />
    </VideoListingPage>
  );
}
