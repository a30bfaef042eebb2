import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { PlaylistMoveButtons } from '../components/actions/own-playlists';
import { PlaylistOwnerTools } from '../components/actions/playlist-owner-tools';
import { useRemoveFromList } from '../components/actions/use-remove-from-list';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { ThumbGrid } from '../components/thumb-grid';
import { isMissingError, notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { parseId, parsePage } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import type { Route } from './+types/playlist';

const strings = routeStrings('members');
export const handle = { strings };

/** `/playlist/{id}/{page}/`: a playlist's videos; `/playlist/{id}/` → page 1; private → 403 notice. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseId(params.id) ?? notFound();
  if (params.page === undefined) throw redirect(`/playlist/${id}/1/`, 301);
  const page = parsePage(params.page) ?? notFound();
  try {
    const r = await context.api.playlists.page({ id, page });
    // "Play all" starts at the playlist's first video, which a later page does not list.
    const first =
      page === 1
        ? r.videos.items[0]
        : (await context.api.playlists.page({ id, page: 1, count: 1 })).videos.items[0];
    return {
      state: 'ok' as const,
      page,
      ...r,
      playAll: first ? `${first.url}?playlist=${id}&pl_page=1` : null,
    };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'FORBIDDEN') {
      return data({ state: 'private' as const, page }, { status: 403 });
    }
    if (isMissingError(error)) notFound();
    throw error;
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  if (loaderData.state === 'private')
    return pageMeta(t, { lang, title: t('playlist.private'), noindex: true });
  const { playlist, page } = loaderData;
  return pageMeta(t, {
    lang,
    title: playlist.title,
    description: playlist.description || t('playlists.seo'),
    canonical: `${origin}/playlist/${playlist.id}/${page}/`,
    page,
  });
}

export default function Playlist({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const removeVideo = useRemoveFromList((video) => ({
    act: 'playlist_del',
    playlist_id: loaderData.state === 'ok' ? loaderData.playlist.id : 0,
    video_id: video.id,
  }));
  if (loaderData.state === 'private') {
    return (
      <div className="listing">
        <EmptyState>{t('playlist.private')}</EmptyState>
      </div>
    );
  }
  const { playlist, videos, page, playAll } = loaderData;
  const isOwner = viewer.memberId === playlist.owner.id;
  // Each video opens with the playlist strip beside it.
  const linked = videos.items.map((v) => ({ ...v, url: `${v.url}?playlist=${playlist.id}&pl_page=${page}` }));
  return (
    <div className="listing">
      <h1 className="page-title">{playlist.title}</h1>
      {playlist.isPrivate && (
        <span className="private-marker" data-testid="private-marker">
          {t('actions.private')}
        </span>
      )}
      <p className="playlist-meta">
        {t('playlists.by', { name: playlist.owner.name })} ·{' '}
        {t('playlists.videos', { count: playlist.videosCount })}
      </p>
      {playlist.description && <p className="playlist-description">{playlist.description}</p>}
      {playAll && (
        <p>
          <Link to={playAll} className="button" data-testid="play-all" state={{ autoplay: true }}>
            {t('playlist.play_all')}
          </Link>
        </p>
      )}
      {isOwner && <PlaylistOwnerTools playlist={playlist} />}
      {linked.length > 0 ? (
        <>
          <ThumbGrid
            videos={linked}
            label={playlist.title}
            onRemove={isOwner ? removeVideo : undefined}
            below={
              isOwner
                ? (video, i) => (
                    <PlaylistMoveButtons
                      playlistId={playlist.id}
                      video={video}
                      first={page === 1 && i === 0}
                      last={page === videos.pages && i === linked.length - 1}
                    />
                  )
                : undefined
            }
          />
          <Pagination page={page} pages={videos.pages} href={(n) => `/playlist/${playlist.id}/${n}/`} />
        </>
      ) : (
        <EmptyState>{t('playlist.empty')}</EmptyState>
      )}
      <p>
        <Link to="/playlists/most-popular/1/">{t('playlist.all')}</Link>
      </p>
    </div>
  );
}
