import { useTranslation } from 'react-i18next';
import { AlbumEditor } from '../components/account/album-editor';
import { isMissingError, notFound } from '../lib/http-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import type { Route } from './+types/album-edit';

/** `/album_edit/{id}/`: the uploader's own album: title, photos, order, cover, deletion. Members only. */

export const handle = { strings: ['upload', 'members'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload', 'members'], serverLoader);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireMemberPage(context);
  const id = parseId(params.id) ?? notFound();
  try {
    return { album: await context.api.albums.mine({ id }) };
  } catch (error) {
    if (isMissingError(error)) notFound();
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('album.edit'), noindex: true });
}

export default function AlbumEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="album-edit">
      <h1 className="page-title">{t('album.edit')}</h1>
      <AlbumEditor album={loaderData.album} />
    </div>
  );
}
