import { type AppLoadContext, redirect } from 'react-router';
import type { Listing, ModelFilters, ModelSort, ModelThumb } from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';
import { type NamedCountry, namedCountries } from '../lib/intl';
import { isModelSort, MODEL_PAGE_SIZE, modelFiltersQuery, parseModelFilters } from '../lib/models';
import { parsePage } from '../lib/route-params';

export interface ModelListingData {
  sort: ModelSort;
  page: number;
  filters: ModelFilters;
  listing: Listing<ModelThumb>;
  countries: readonly NamedCountry[];
}

/** `/models/{sort}/{page}/?alphabet=&race=&...`: unknown sorts go to /404/, a missing page to page 1. */
export async function loadModelListing(
  context: AppLoadContext,
  request: Request,
  sortParam: string,
  pageParam: string | undefined,
): Promise<ModelListingData> {
  if (!isModelSort(sortParam)) {
    // `/models/{dir}/` is a natural guess for a model page: send it there when the model exists.
    if (pageParam === undefined && /^[a-z0-9][a-z0-9-]*$/.test(sortParam)) {
      const model = await context.api.models.get({ dir: sortParam }).catch((error: unknown) => {
        if (isMissingError(error)) return null;
        throw error;
      });
      if (model) throw redirect(model.url, 301);
    }
    throw redirect('/404/', 302);
  }
  const url = new URL(request.url);
  const filters = parseModelFilters(url.searchParams);
  if (pageParam === undefined) throw redirect(`/models/${sortParam}/1/${modelFiltersQuery(filters)}`, 301);
  const page = parsePage(pageParam) ?? notFound();
  const [listing, countries] = await Promise.all([
    context.api.models.list({ sort: sortParam, page, count: MODEL_PAGE_SIZE, filters }),
    context.api.models.countries(),
  ]);
  return { sort: sortParam, page, filters, listing, countries: namedCountries(countries, context.lang) };
}
