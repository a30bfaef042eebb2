import { notFound } from '../lib/http-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { infoHref, isInfoSlug } from '../lib/info-pages';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { InfoPage } from '../pages/info-page';
import type { Route } from './+types/information-page';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['info'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['info'], serverLoader);
}

/** `/information/{page}/`: one of the pages in INFO_PAGES; anything else is a 404. */
export function loader({ params, context }: Route.LoaderArgs) {
  if (!isInfoSlug(params.page)) notFound();
  return { slug: params.page, records: params.page === '2257' ? context.records2257 : null };
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
  return <InfoPage slug={loaderData.slug} records={loaderData.records} />;
}
