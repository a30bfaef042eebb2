import { notFound } from '../lib/http-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { infoHref, isInfoSlug } from '../lib/info-pages';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import { InfoPage } from '../pages/info-page';
import { videoStatement } from '../pages/video-statement.server';
import type { Route } from './+types/information-page';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['info'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['info'], serverLoader);
}

/**
 * `/information/{page}/`: one of the pages in INFO_PAGES; anything else is a 404. `/information/2257/?video=ID`
 * adds that public video's own statement (ADR 0036); an unknown or hidden video leaves the page as it is.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!isInfoSlug(params.page)) notFound();
  const is2257 = params.page === '2257';
  const videoId = is2257 ? parseId(new URL(request.url).searchParams.get('video')) : null;
  return {
    slug: params.page,
    records: is2257 ? context.records2257 : null,
    video: videoId === null ? null : await videoStatement(context, videoId),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { slug } = loaderData;
  return pageMeta(t, {
    lang,
    title: t(`info.pages.${slug}.title`),
    description: t(`info.pages.${slug}.summary`, { site: t('site.name') }),
    canonical: `${origin}${infoHref(slug)}`,
  });
}

export default function InformationPage({ loaderData }: Route.ComponentProps) {
  return <InfoPage slug={loaderData.slug} records={loaderData.records} video={loaderData.video} />;
}
