import { getI18n, withStrings } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { InfoIndexPage } from '../pages/info-page';
import type { Route } from './+types/information';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['info'] };

// A server loader, even an empty one, keeps the client loader from running at hydration.
export function loader() {
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['info'], serverLoader);
}

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
