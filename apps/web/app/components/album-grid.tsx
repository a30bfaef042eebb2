import { abbreviateCount, ratingPercent } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import type { AlbumThumb } from '../lib/dto';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';
import { THUMB_HEIGHT, THUMB_WIDTH } from './thumb';

export function AlbumCard({ album }: { album: AlbumThumb }) {
  const { t } = useTranslation();
  return (
    <article className="thumb album-card" data-testid="album-thumb">
      <SiteLink to={album.url} className="thumb__link" intent>
        <div className="thumb__media">
          {album.scr ? (
            <GatedImage
              className="thumb__image"
              src={album.scr}
              width={THUMB_WIDTH}
              height={THUMB_HEIGHT}
              loading="lazy"
              decoding="async"
              alt={album.title}
            />
          ) : (
            <span className="thumb__image thumb__image--empty" />
          )}
          <span className="badge badge--duration album-card__count">
            {t('albums.photos', { count: album.photosAmount })}
          </span>
        </div>
        <h3 className="thumb__title">{album.title}</h3>
      </SiteLink>
      <p className="thumb__stats">
        <span className="thumb__rating">{t('albums.rating', { percent: ratingPercent(album.rating) })}</span>
        <span className="thumb__views">{t('albums.views', { value: abbreviateCount(album.views) })}</span>
      </p>
    </article>
  );
}

export function AlbumGrid({ albums, label }: { albums: readonly AlbumThumb[]; label?: string }) {
  return (
    <ul className="thumb-grid" aria-label={label}>
      {albums.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} />
        </li>
      ))}
    </ul>
  );
}
