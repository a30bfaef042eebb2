import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { HistoryGrid } from '../components/history-grid';
import { ListingControls } from '../components/listing-controls';
import { Pagination } from '../components/pagination';
import { ThumbGrid } from '../components/thumb-grid';
import { listingHref } from '../lib/listing-filters';
import type { VideoListingData } from './video-listing.server';

export function VideoListingPage({ data }: { data: VideoListingData }) {
  const { t } = useTranslation();
  const { sort, page, filters, listing } = data;

  return (
    <div className="listing">
      <h1 className="page-title">{t(`listing.headline.${sort}`)}</h1>
      <ListingControls sort={sort} filters={filters} countries={data.countries} />
      {listing === null ? (
        <HistoryGrid page={page} />
      ) : listing.items.length > 0 ? (
        <>
          <ThumbGrid videos={listing.items} label={t('listing.grid_label')} />
          <Pagination page={page} pages={listing.pages} href={(n) => listingHref(sort, n, filters)} />
        </>
      ) : (
        <EmptyState>{t('listing.empty.videos')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t(`listing.seo.${sort}`)}</p>
      </section>
    </div>
  );
}
