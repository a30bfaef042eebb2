import { getI18n } from '../lib/i18n';
import { hasModelFilters, modelsHref } from '../lib/models';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { routeStrings, useStrings } from '../lib/use-strings';
import { loadModelListing } from '../pages/model-listing.server';
import { ModelListingPage } from '../pages/model-listing-page';
import type { Route } from './+types/models-entry';

const strings = routeStrings('models');
export const handle = { strings };

/** `/models/{sort}/{page}/` with the 10 filters as query parameters. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadModelListing(context, request, params.sort, params.page);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { sort, page, filters } = loaderData;
  return pageMeta(t, {
    lang,
    orientation,
    title: t(`models.headline.${sort}`),
    description: t(`models.seo.${sort}`),
    canonical: `${origin}${modelsHref(sort, page, filters)}`,
    page,
    // Filtered lists are many near-duplicates of the plain one: keep them out of the index.
    noindex: hasModelFilters(filters),
  });
}

export default function ModelsEntry({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  return <ModelListingPage data={loaderData} />;
}
