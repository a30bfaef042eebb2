import { notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import { AlbumPageView } from '../pages/album-page';
import { loadAlbumPage } from '../pages/album-page.server';
import type { Route } from './+types/album';

const strings = routeStrings('watch', 'members');
export const handle = { strings };

const DESCRIPTION_LENGTH = 160;

/** `/album/{id}/{dir}/`. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = parseId(params.id) ?? notFound();
  return loadAlbumPage(context, request, id, params.dir);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  if (loaderData.state === 'private') {
    return pageMeta(t, { lang, title: t('album.private_title'), noindex: true });
  }
  const { album } = loaderData;
  return pageMeta(t, {
    lang,
    title: album.title,
    description: album.description
      ? album.description.slice(0, DESCRIPTION_LENGTH)
      : t('album.meta_description', { title: album.title, count: album.photosAmount, site: t('site.name') }),
    canonical: `${origin}${album.url}`,
    image: album.scr ? new URL(album.scr, origin || 'http://localhost').href : undefined,
  });
}

export default function Album({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { lang } = useRootData();
  return <AlbumPageView data={loaderData} lang={lang} />;
}
