import { abbreviateCount } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import type { PlaylistThumb } from '../lib/dto';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';
import { THUMB_HEIGHT, THUMB_WIDTH } from './thumb';

export function PlaylistCard({ playlist }: { playlist: PlaylistThumb }) {
  const { t } = useTranslation();
  return (
    <article className="thumb" data-testid="playlist-thumb">
      <SiteLink to={`/playlist/${playlist.id}/1/`} className="thumb__link" intent>
        <div className="thumb__media">
          {playlist.scr ? (
            <GatedImage
              className="thumb__image"
              src={playlist.scr}
              width={THUMB_WIDTH}
              height={THUMB_HEIGHT}
              loading="lazy"
              decoding="async"
              alt={playlist.title}
            />
          ) : (
            <span className="thumb__image thumb__image--empty" />
          )}
          <span className="badge badge--duration">
            {t('playlists.videos', { count: playlist.videosCount })}
          </span>
        </div>
        <h3 className="thumb__title">{playlist.title}</h3>
      </SiteLink>
      {playlist.isPrivate && (
        <span className="private-marker" data-testid="private-marker">
          {t('actions.private')}
        </span>
      )}
      <p className="thumb__stats">
        <span>{t('playlists.by', { name: playlist.owner.name })}</span>
        <span className="thumb__views">
          {t('playlists.views', { value: abbreviateCount(playlist.viewed) })}
        </span>
      </p>
    </article>
  );
}

export function PlaylistGrid({ playlists, label }: { playlists: readonly PlaylistThumb[]; label?: string }) {
  return (
    <ul className="thumb-grid" aria-label={label}>
      {playlists.map((p) => (
        <li key={p.id}>
          <PlaylistCard playlist={p} />
        </li>
      ))}
    </ul>
  );
}
