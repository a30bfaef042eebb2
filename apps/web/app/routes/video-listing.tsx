import { getI18n } from '../lib/i18n';
import { rootDataFromMatches } from '../lib/root-data';
import { loadVideoListing } from '../pages/video-listing.server';
import { videoListingMeta } from '../pages/video-listing-meta';
import { VideoListingPage } from '../pages/video-listing-page';
import type { Route } from './+types/video-listing';

/**
 * `/videos/{sort}/{page}/`, one route per sort (routes.ts). Video pages share the URL shape but live in
 * videos-entry.tsx: as modules of their own, a listing loads no player code and neither waits for a
 * lazy chunk before it hydrates.
 */

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const sort = new URL(request.url).pathname.split('/')[2] ?? '';
  return loadVideoListing(context, request, sort, params.page);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  return videoListingMeta(getI18n(lang).t, lang, origin, loaderData, orientation);
}

export default function VideoListing({ loaderData }: Route.ComponentProps) {
  return <VideoListingPage data={loaderData} />;
}
