import { redirect } from 'react-router';
import { notFound } from '../lib/http-errors';
import { modelVideosHref, modelWallHref } from '../lib/models';
import { parsePage } from '../lib/route-params';
import type { Route } from './+types/models-tab-redirect';

/** `/models/{dir}/videos/{page}/` and `/models/{dir}/wall/{page}/` → the model pages (spec §2). */
export function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(params.dir)) notFound();
  const page = params.page === undefined ? 1 : (parsePage(params.page) ?? notFound());
  const tab = new URL(request.url).pathname.split('/')[3];
  throw redirect(tab === 'wall' ? modelWallHref(params.dir, page) : modelVideosHref(params.dir, page), 301);
}

export default function ModelsTabRedirect() {
  return null;
}
