import { abbreviateCount, ratingPercent } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { VoteButtons } from '../components/actions/vote-buttons';
import { Comments } from '../components/comments';
import { EmptyState } from '../components/empty-state';
import { GatedImage } from '../components/gated-image';
import { PhotoViewer } from '../components/photo-viewer';
import { ShareLinkModal } from '../components/share-modal';
import { SiteLink } from '../components/site-link';
import { TagLinks } from '../components/tag-links';
import type { DatedComments } from '../lib/dated-comments';
import type { AlbumDetail } from '../lib/dto';
import { formatDate, isoDate } from '../lib/intl';
import { useRootData } from '../lib/root-data';
import { useAlbumView } from '../lib/use-album-view';
import type { AlbumPageData } from './album-page.server';

const GRID_WIDTH = 320;

/** The current URL with `?comments_page=` set (page 1 removes it), keeping the other parameters. */
function commentsHref(path: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete('comments_page');
  else params.set('comments_page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Votes and share under the album's head. */
function AlbumActions({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation();
  const { origin } = useRootData();
  const [sharing, setSharing] = useState(false);
  return (
    <div className="video-actions album-actions" data-testid="album-actions">
      <VoteButtons section="album" objectId={album.id} likes={album.likes} dislikes={album.dislikes} />
      <button type="button" className="video-actions__button" onClick={() => setSharing(true)}>
        {t('video.share')}
      </button>
      {sharing && (
        <ShareLinkModal
          url={`${origin || window.location.origin}${album.url}`}
          onClose={() => setSharing(false)}
        />
      )}
    </div>
  );
}

function AlbumView({
  album,
  comments,
  lang,
}: {
  album: AlbumDetail;
  comments: DatedComments | null;
  lang: string;
}) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { search } = useLocation();
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
          {album.uploader && viewer.memberId === album.uploader.id && (
            <SiteLink to={`/album_edit/${album.id}/`} className="button" data-testid="album-edit-link">
              {t('album.edit')}
            </SiteLink>
          )}
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
        <AlbumActions album={album} />
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
      {comments && (
        <Comments
          comments={comments}
          signedIn={viewer.memberId !== null}
          href={(page) => commentsHref(album.url, search, page)}
          target={{ section: 'album', objectId: album.id }}
        />
      )}
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
  return <AlbumView album={data.album} comments={data.comments} lang={lang} />;
}
