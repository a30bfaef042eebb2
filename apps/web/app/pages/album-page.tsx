import { abbreviateCount, ratingPercent } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { GatedImage } from '../components/gated-image';
import { PhotoViewer } from '../components/photo-viewer';
import { TagLinks } from '../components/tag-links';
import type { AlbumDetail } from '../lib/dto';
import { formatDate, isoDate } from '../lib/intl';
import { useAlbumView } from '../lib/use-album-view';
import type { AlbumPageData } from './album-page.server';

const GRID_WIDTH = 320;

function AlbumView({ album, lang }: { album: AlbumDetail; lang: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const total = album.photos.length;
  useAlbumView(album.id, true);

  return (
    <article className="album-page">
      <header className="album-page__head">
        <h1 className="page-title album-page__title">{album.title}</h1>
        <div className="album-page__meta">
          <time dateTime={isoDate(album.postDate)}>
            {t('album.posted', { date: formatDate(album.postDate, lang) })}
          </time>
          {album.uploader && (
            <span>
              {t('album.uploader')} <strong>{album.uploader.name}</strong>
            </span>
          )}
          <span>{t('albums.photos', { count: album.photosAmount })}</span>
          <span>{t('albums.views', { value: abbreviateCount(album.views) })}</span>
          <span className="thumb__rating">
            {t('albums.rating', { percent: ratingPercent(album.rating) })}
          </span>
        </div>
        <TagLinks
          label={t('album.models')}
          items={album.models}
          href={(dir) => `/model/${dir}/`}
          variant="model"
        />
        <TagLinks
          label={t('album.categories')}
          items={album.categories}
          href={(dir) => `/categories/${dir}/`}
        />
        {album.description && <p className="album-page__description">{album.description}</p>}
      </header>
      {total > 0 ? (
        <ul className="photo-grid" aria-label={t('album.photos')}>
          {album.photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className="photo-grid__button"
                onClick={() => setOpen(i)}
                aria-label={t('album.open_photo', { n: i + 1, total })}
                data-testid="photo-thumb"
              >
                <GatedImage
                  className="photo-grid__image"
                  src={photo.url}
                  width={GRID_WIDTH}
                  height={Math.round((GRID_WIDTH * photo.height) / Math.max(1, photo.width))}
                  loading={i < 10 ? 'eager' : 'lazy'}
                  decoding="async"
                  alt=""
                />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>{t('album.empty')}</EmptyState>
      )}
      <PhotoViewer photos={album.photos} title={album.title} index={open} onIndex={setOpen} />
    </article>
  );
}

export function AlbumPageView({ data, lang }: { data: AlbumPageData; lang: string }) {
  const { t } = useTranslation();
  if (data.state === 'private') {
    return (
      <section className="album-page album-page--private">
        <h1 className="page-title">{data.title}</h1>
        <EmptyState>{t('album.no_permission')}</EmptyState>
      </section>
    );
  }
  return <AlbumView album={data.album} lang={lang} />;
}
