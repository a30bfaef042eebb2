import { getI18n } from '../lib/i18n';
import { memberTabHref } from '../lib/members';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { routeStrings, useStrings } from '../lib/use-strings';
import { MemberPage } from '../pages/member-page';
import { loadMemberPage } from '../pages/member-page.server';
import type { Route } from './+types/member';

const strings = routeStrings('members');
export const handle = { strings };

/** `/members/{id}/` and its tabs; see loadMemberPage. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadMemberPage(context, params);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { profile, tab, page, content } = loaderData;
  return pageMeta(t, {
    lang,
    type: 'profile',
    title: tab === 'overview' ? profile.name : t(`member.headline.${tab}`, { name: profile.name }),
    description: profile.about || t('member.meta_description', { name: profile.name, site: t('site.name') }),
    canonical: `${origin}${memberTabHref(profile.id, tab, page)}`,
    page: page > 1 ? page : undefined,
    // Personal lists and private notices are not worth indexing.
    noindex: content.kind === 'private' || tab === 'history' || tab === 'watch_later',
  });
}

export default function Member({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { lang } = useRootData();
  return <MemberPage data={loaderData} lang={lang} />;
}
