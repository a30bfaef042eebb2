import { formatDuration } from '@vt/i18n';
// Notes presses of play before the lazily loaded player hydrates (components/player/early-press.ts).
import '../components/player/early-press';
import { lazy } from 'react';
import { getI18n } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import { embedPath, videoObject } from '../lib/video-structured-data';
import { loadVideoListing } from '../pages/video-listing.server';
import { videoListingMeta } from '../pages/video-listing-meta';
import { VideoPage } from '../pages/video-page';
import { loadVideoPage } from '../pages/video-page.server';
import type { Route } from './+types/videos-entry';

const strings = routeStrings('watch');
export const handle = { strings };

const DESCRIPTION_LENGTH = 160;

/** A numeric first segment is a video page; anything else is a listing sort. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = parseId(params.key);
  if (id !== null) return loadVideoPage(context, request, id, params.sub);
  return loadVideoListing(context, request, params.key, params.sub);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);

  if (loaderData.kind === 'listing') return videoListingMeta(t, lang, origin, loaderData, orientation);

  const { video } = loaderData;
  const description = video.description
    ? video.description.slice(0, DESCRIPTION_LENGTH)
    : t('video.meta_description', {
        title: video.title,
        site: t('site.name'),
        duration: formatDuration(video.durationSec),
        date: formatDate(video.postDate, lang),
      });
  const image = video.scr || video.thumb;
  const tags = pageMeta(t, {
    lang,
    title: video.title,
    description,
    // A listed version's canonical link is its group's canonical page (ADR 0035).
    canonical: `${origin}${video.versions?.role === 'version' ? video.versions.versionOf.canonical.url : video.url}`,
    noindex: video.state !== 'active',
    image: image ? new URL(image, origin || 'http://localhost').href : undefined,
    type: 'video.other',
  });
  if (video.state !== 'active') return tags;
  const embed = new URL(embedPath(video), origin || 'http://localhost').href;
  return [
    ...tags,
    { property: 'og:video', content: embed },
    { property: 'og:video:type', content: 'text/html' },
    { property: 'og:video:width', content: String(video.width || 1280) },
    { property: 'og:video:height', content: String(video.height || 720) },
    { property: 'video:duration', content: String(video.durationSec) },
    { property: 'video:release_date', content: new Date(video.postDate * 1000).toISOString() },
    { 'script:ld+json': videoObject(video, origin, description, loaderData.provenance?.record ?? null) },
  ];
}

// Listings have their own route (video-listing.tsx); this branch only answers an unknown sort, which
// loadVideoListing redirects to the 404 page, so the listing's code stays out of video pages.
const VideoListingPage = lazy(() =>
  import('../pages/video-listing-page').then((m) => ({ default: m.VideoListingPage })),
);

export default function VideosEntry({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  return loaderData.kind === 'video' ? (
    <VideoPage data={loaderData} />
  ) : (
    <VideoListingPage data={loaderData} />
  );
}
