import { redirect } from 'react-router';
import { notFound } from '../lib/http-errors';
import { parsePage } from '../lib/route-params';
import type { Route } from './+types/legacy-sort-redirect';

/** `/latest-updates/`, `/top-rated/3/` and friends → `/videos/{sort}/{page}/` (spec §2). */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = url.pathname.split('/').find(Boolean);
  const page = params.page === undefined ? 1 : (parsePage(params.page) ?? notFound());
  throw redirect(`/videos/${sort}/${page}/${url.search}`, 301);
}

export default function LegacySortRedirect() {
  return null;
}
