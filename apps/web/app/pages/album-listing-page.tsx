import { useTranslation } from 'react-i18next';
import { AlbumGrid } from '../components/album-grid';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { SiteLink } from '../components/site-link';
import { ALBUM_SORTS, albumsHref } from '../lib/albums';
import type { AlbumListingData } from './album-listing.server';

export function AlbumListingPage({ data }: { data: AlbumListingData }) {
  const { t } = useTranslation();
  const { sort, page, listing } = data;

  return (
    <div className="listing">
      <h1 className="page-title">{t(`albums.headline.${sort}`)}</h1>
      <div className="listing-controls">
        <nav aria-label={t('sort.label')}>
          <ul className="tabs">
            {ALBUM_SORTS.map((option) => (
              <li key={option}>
                <SiteLink
                  to={albumsHref(option, 1)}
                  className={`tabs__link${option === sort ? ' tabs__link--active' : ''}`}
                  aria-current={option === sort ? 'page' : undefined}
                >
                  {t(`sort.${option}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {listing.items.length > 0 ? (
        <>
          <AlbumGrid albums={listing.items} label={t('albums.grid_label')} />
          <Pagination page={page} pages={listing.pages} href={(n) => albumsHref(sort, n)} />
        </>
      ) : (
        <EmptyState>{t('listing.empty.albums')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t(`albums.seo.${sort}`)}</p>
      </section>
    </div>
  );
}
