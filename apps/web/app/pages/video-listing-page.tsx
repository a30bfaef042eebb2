import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySidebar } from '../components/category-sidebar';
import { EmptyState } from '../components/empty-state';
import { HistoryGrid } from '../components/history-grid';
import { ListingControls } from '../components/listing-controls';
import { Pagination } from '../components/pagination';
import { THUMB_SIZES_BESIDE_SIDEBAR } from '../components/thumb';
import { ThumbGrid } from '../components/thumb-grid';
import { listingHref } from '../lib/listing-filters';
import { useRootData } from '../lib/root-data';
import type { VideoListingData } from './video-listing.server';

interface VideoListingPageProps {
  data: VideoListingData;
  /** For listings other than /videos/: their path before `/{sort}/{page}/`, headline and extra controls. */
  base?: string;
  headline?: string;
  /** The category dirs this listing is limited to, checked in the sidebar. */
  chosen?: string[];
  children?: ReactNode;
}

export function VideoListingPage({ data, base, headline, chosen = [], children }: VideoListingPageProps) {
  const { t } = useTranslation();
  const { sort, page, filters, listing } = data;
  const ads = useRootData().network.ads.listing;

  return (
    <div className="listing">
      <h1 className="page-title">{headline ?? t(`listing.headline.${sort}`)}</h1>
      {children}
      {/* The history has no sorts or filters: tabs there would only lead away from it. */}
      {sort !== 'history' && (
        <ListingControls sort={sort} filters={filters} countries={data.countries} base={base} />
      )}
      {listing === null || sort === 'history' ? (
        <HistoryGrid page={page} />
      ) : (
        <div
          className={data.categories.length > 0 ? 'listing__body listing__body--sidebar' : 'listing__body'}
        >
          {data.categories.length > 0 && (
            <CategorySidebar categories={data.categories} chosen={chosen} sort={sort} filters={filters} />
          )}
          <div className="listing__results">
            {listing.items.length > 0 ? (
              <>
                <ThumbGrid
                  videos={listing.items}
                  label={t('listing.grid_label')}
                  ads={ads}
                  sizes={data.categories.length > 0 ? THUMB_SIZES_BESIDE_SIDEBAR : undefined}
                />
                <Pagination
                  page={page}
                  pages={listing.pages}
                  href={(n) => listingHref(sort, n, filters, base)}
                />
              </>
            ) : (
              <EmptyState>{t('listing.empty.videos')}</EmptyState>
            )}
          </div>
        </div>
      )}
      <section className="seo-text">
        <p>{t(`listing.seo.${sort}`)}</p>
      </section>
    </div>
  );
}
