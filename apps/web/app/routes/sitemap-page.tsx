import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { routeStrings, useStrings } from '../lib/use-strings';
import { SitemapPage } from '../pages/sitemap-page';
import type { Route } from './+types/sitemap-page';

const strings = routeStrings('members');
export const handle = { strings };

/** `/sitemap-page/`: the HTML sitemap. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.api.info.sitemap();
}

export function meta({ matches }: Route.MetaArgs) {
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    title: t('sitemap.title'),
    description: t('sitemap.description', { site: t('site.name') }),
    canonical: `${origin}/sitemap-page/`,
  });
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  return <SitemapPage data={loaderData} />;
}
