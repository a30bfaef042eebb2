import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { LandingPage } from '../pages/landing-page';
import type { Route } from './+types/landing';

/** `/landing/`: the welcome page for new visitors (ads and partners link here). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.api.info.landing();
}

export function meta({ matches }: Route.MetaArgs) {
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    orientation,
    title: t('landing.headline', { site: t('site.name') }),
    description: t('landing.description'),
    canonical: `${origin}/landing/`,
  });
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} />;
}
