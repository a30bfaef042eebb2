import { redirect } from 'react-router';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { loadVideoListing } from '../pages/video-listing.server';
import { VideoListingPage } from '../pages/video-listing-page';
import type { Route } from './+types/history';

/** `/history/{page}/`: visitors' viewing history (localStorage); members go to their server-side one. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  if (params.page === undefined) throw redirect('/history/1/', 301);
  // Members keep their history on the server: it is their profile's (private) history tab.
  if (context.viewer.memberId !== null)
    throw redirect(`/members/${context.viewer.memberId}/history/${params.page}/`, 302);
  return loadVideoListing(context, request, 'history', params.page);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    title: t('listing.headline.history'),
    description: t('listing.seo.history'),
    canonical: `${origin}/history/${loaderData.page}/`,
    page: loaderData.page,
    noindex: true,
  });
}

export default function History({ loaderData }: Route.ComponentProps) {
  return <VideoListingPage data={loaderData} />;
}
