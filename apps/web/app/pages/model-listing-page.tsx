import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { ModelListingControls } from '../components/model-filters';
import { ModelGrid } from '../components/model-grid';
import { Pagination } from '../components/pagination';
import { modelsHref } from '../lib/models';
import type { ModelListingData } from './model-listing.server';

export function ModelListingPage({ data }: { data: ModelListingData }) {
  const { t } = useTranslation();
  const { sort, page, filters, listing } = data;
  return (
    <div className="listing">
      <h1 className="page-title">{t(`models.headline.${sort}`)}</h1>
      <ModelListingControls sort={sort} filters={filters} countries={data.countries} />
      {listing.items.length > 0 ? (
        <>
          <ModelGrid models={listing.items} label={t('models.grid_label')} />
          <Pagination page={page} pages={listing.pages} href={(n) => modelsHref(sort, n, filters)} />
        </>
      ) : (
        <EmptyState>{t('models.empty')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t(`models.seo.${sort}`)}</p>
      </section>
    </div>
  );
}
