import { type AppLoadContext, redirect } from 'react-router';
import type { CategoryInfo, Listing, VideoCard } from '../lib/dto';
import { notFound } from '../lib/http-errors';
import { type NamedCountry, namedCountries } from '../lib/intl';
import { type ListingFilters, parseListingFilters } from '../lib/listing-filters';
import { parsePage } from '../lib/route-params';
import { LISTING_PAGE_SIZE } from '../lib/site-constants';
import { isListingSort, type ListingSort } from '../lib/sorts';

export interface VideoListingData {
  kind: 'listing';
  sort: ListingSort;
  page: number;
  filters: ListingFilters;
  /** Null for the history sort: visitors' history lives in their browser. */
  listing: Listing<VideoCard> | null;
  /** Countries the country filter offers. */
  countries: readonly NamedCountry[];
  /** Categories for the sidebar (none for the history sort). */
  categories: CategoryInfo[];
}

/** `/videos/{sort}/{page}/`: unknown sorts go to /404/, a missing page to page 1, a bad page is a 404. */
export async function loadVideoListing(
  context: AppLoadContext,
  request: Request,
  sortParam: string,
  pageParam: string | undefined,
): Promise<VideoListingData> {
  if (!isListingSort(sortParam)) throw redirect('/404/', 302);
  const url = new URL(request.url);
  if (pageParam === undefined) throw redirect(`/videos/${sortParam}/1/${url.search}`, 301);
  const page = parsePage(pageParam) ?? notFound();
  const filters = parseListingFilters(url.searchParams, sortParam);

  if (sortParam === 'history') {
    return { kind: 'listing', sort: sortParam, page, filters, listing: null, countries: [], categories: [] };
  }

  const [listing, countries, categories] = await Promise.all([
    context.api.videos.list({
      sort: sortParam,
      page,
      count: LISTING_PAGE_SIZE,
      date: filters.date,
      duration: filters.duration,
      hdOnly: filters.hdOnly,
      ...(filters.decade ? { decade: filters.decade } : {}),
      target: filters.country ? { section: 'country', country: filters.country } : { section: 'all' },
    }),
    context.api.catalog.countries(),
    context.api.catalog.categories({ section: 'videos' }),
  ]);
  return {
    kind: 'listing',
    sort: sortParam,
    page,
    filters,
    listing,
    countries: namedCountries(countries, context.lang),
    categories,
  };
}
