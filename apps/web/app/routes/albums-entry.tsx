import { redirect } from 'react-router';
import { albumsHref } from '../lib/albums';
import { isMissingError } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import { loadAlbumListing } from '../pages/album-listing.server';
import { AlbumListingPage } from '../pages/album-listing-page';
import type { Route } from './+types/albums-entry';

const strings = routeStrings('members');
export const handle = { strings };

/**
 * `/albums/{sort}/{page}/` is the listing; `/albums/{id}/{dir?}/` (numeric id) is the old album URL and
 * answers 301 to `/album/{id}/{dir}/`.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseId(params.key);
  if (id !== null) {
    const found = await context.api.albums.page({ id }).catch((error: unknown) => {
      if (isMissingError(error)) return null;
      throw error;
    });
    if (!found) throw redirect('/404/', 302);
    throw redirect(found.state === 'active' ? found.album.url : found.url, 301);
  }
  return loadAlbumListing(context, params.key, params.sub);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { sort, page } = loaderData;
  return pageMeta(t, {
    lang,
    orientation,
    title: t(`albums.headline.${sort}`),
    description: t(`albums.seo.${sort}`),
    canonical: `${origin}${albumsHref(sort, page)}`,
    page,
  });
}

export default function AlbumsEntry({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  return <AlbumListingPage data={loaderData} />;
}
