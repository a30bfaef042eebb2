import { redirect } from 'react-router';
import { albumsHref } from '../lib/albums';
import { notFound } from '../lib/http-errors';
import { parsePage } from '../lib/route-params';
import type { Route } from './+types/albums-categories-redirect';

/**
 * `/albums/categories/{object_id}/{page}/` → the albums listing at that page (spec §2: "redirects to
 * albums"; the album listing has no category filter of its own).
 */
export function loader({ params }: Route.LoaderArgs) {
  const page = params.page === undefined ? 1 : (parsePage(params.page) ?? notFound());
  throw redirect(albumsHref('latest-updates', page), 301);
}

export default function AlbumsCategoriesRedirect() {
  return null;
}
