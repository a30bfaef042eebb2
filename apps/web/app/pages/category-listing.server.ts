import { type AppLoadContext, redirect } from 'react-router';
import type { CategoryInfo, VideoSort } from '../lib/dto';
import { notFound } from '../lib/http-errors';
import { parseListingFilters } from '../lib/listing-filters';
import { parsePage } from '../lib/route-params';
import { LISTING_PAGE_SIZE, MAX_CATEGORIES } from '../lib/site-constants';
import { isVideoSort } from '../lib/sorts';
import type { VideoListingData } from './video-listing.server';

const DIR = /^[a-z0-9][a-z0-9-]*$/;

export interface CategoryListingData extends VideoListingData {
  sort: VideoSort;
  /** The chosen categories, in URL order. */
  chosen: CategoryInfo[];
}

/**
 * `/categories/{dirs}/{sort}/{page}/`: videos in all of 1–3 categories. `/categories/{dirs}/` and
 * `/categories/{dirs}/{sort}/` go to page 1; `/categories/{dirs}/{page}/` takes its sort from `?sort=`.
 */
export async function loadCategoryListing(
  context: AppLoadContext,
  request: Request,
  ids: string,
  first: string | undefined,
  second: string | undefined,
): Promise<CategoryListingData> {
  const given = ids.split(',');
  if (!given.every((d) => DIR.test(d))) notFound();
  const url = new URL(request.url);
  // The spec shows at most 3 categories: a longer (or repeating) list is answered by the canonical URL
  // of its first 3 distinct ones, the rest of the path and the query kept.
  const dirs = [...new Set(given)].slice(0, MAX_CATEGORIES);
  if (dirs.length !== given.length) {
    const rest = [first, second].filter((x) => x !== undefined).map((x) => `${x}/`);
    throw redirect(`/categories/${dirs.join(',')}/${rest.join('')}${url.search}`, 301);
  }
  const base = `/categories/${dirs.join(',')}`;
  if (first === undefined) throw redirect(`${base}/latest-updates/1/${url.search}`, 301);
  if (second === undefined) {
    if (parsePage(first) !== null) {
      const sort = url.searchParams.get('sort') ?? '';
      url.searchParams.delete('sort');
      const query = url.searchParams.toString();
      throw redirect(
        `${base}/${isVideoSort(sort) ? sort : 'latest-updates'}/${first}/${query ? `?${query}` : ''}`,
        301,
      );
    }
    if (isVideoSort(first)) throw redirect(`${base}/${first}/1/${url.search}`, 301);
    throw redirect('/404/', 302);
  }
  if (!isVideoSort(first)) throw redirect('/404/', 302);
  const page = parsePage(second) ?? notFound();
  const all = await context.api.catalog.categories({ section: 'videos' });
  const chosen = dirs.map((dir) => all.find((c) => c.dir === dir) ?? notFound());
  const filters = parseListingFilters(url.searchParams, first);
  const listing = await context.api.videos.list({
    sort: first,
    page,
    count: LISTING_PAGE_SIZE,
    date: filters.date,
    duration: filters.duration,
    hdOnly: filters.hdOnly,
    ...(filters.decade ? { decade: filters.decade } : {}),
    target: { section: 'categories', dirs },
  });
  // No country filter here: the categories are the listing's own filter.
  return {
    kind: 'listing',
    sort: first,
    page,
    filters: { ...filters, country: null },
    listing,
    countries: [],
    categories: all,
    chosen,
  };
}
