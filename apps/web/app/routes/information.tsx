import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { InfoIndexPage } from '../pages/info-page';
import infoCss from '../styles/info.css?url';
import type { Route } from './+types/information';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: infoCss }];

export function meta({ matches }: Route.MetaArgs) {
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    title: t('info.title'),
    description: t('info.description', { site: t('site.name') }),
    canonical: `${origin}/information/`,
  });
}

export default function Information() {
  return <InfoIndexPage />;
}
