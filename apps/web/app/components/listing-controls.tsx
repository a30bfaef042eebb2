import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NamedCountry } from '../lib/intl';
import {
  DATE_OPTIONS,
  DECADE_OPTIONS,
  DURATION_OPTIONS,
  type ListingFilters,
  listingHref,
  supportsDateFilter,
} from '../lib/listing-filters';
import { type ListingSort, VIDEO_SORTS } from '../lib/sorts';
import { FilterLinks } from './filter-links';
import { SiteLink } from './site-link';

/** Sort tabs and filters; any change goes back to page 1 and keeps the other filters. */
interface ListingControlsProps {
  sort: ListingSort;
  filters: ListingFilters;
  countries: readonly NamedCountry[];
  /** The listing's path before `/{sort}/{page}/`. */
  base?: string;
}

export function ListingControls({ sort, filters, countries, base = '/videos' }: ListingControlsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withFilters = (patch: Partial<ListingFilters>) =>
    listingHref(sort, 1, { ...filters, ...patch }, base);

  return (
    <div className="listing-controls">
      <nav aria-label={t('sort.label')}>
        <ul className="tabs">
          {VIDEO_SORTS.map((option) => (
            <li key={option}>
              <SiteLink
                to={listingHref(option, 1, filters, base)}
                className={`tabs__link${option === sort ? ' tabs__link--active' : ''}`}
                aria-current={option === sort ? 'page' : undefined}
              >
                {t(`sort.${option}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      {sort !== 'history' && (
        <div className="listing-controls__filters">
          {supportsDateFilter(sort) && (
            <FilterLinks
              label={t('filter.date.label')}
              options={DATE_OPTIONS}
              current={filters.date}
              href={(date) => withFilters({ date })}
              text={(date) => t(`filter.date.${date}`)}
            />
          )}
          <FilterLinks
            label={t('filter.duration.label')}
            options={DURATION_OPTIONS}
            current={filters.duration}
            href={(duration) => withFilters({ duration })}
            text={(duration) => t(`filter.duration.${duration}`)}
          />
          <FilterLinks
            label={t('filter.hd.label')}
            options={[false, true]}
            current={filters.hdOnly}
            href={(hdOnly) => withFilters({ hdOnly })}
            text={(hdOnly) => (hdOnly ? t('filter.hd.only') : t('filter.hd.all'))}
          />
          <FilterLinks
            label={t('filter.decade.label')}
            options={
              DECADE_OPTIONS.includes(filters.decade) ? DECADE_OPTIONS : [...DECADE_OPTIONS, filters.decade]
            }
            current={filters.decade}
            href={(decade) => withFilters({ decade })}
            text={(decade) => (decade ? t('filter.decade.value', { decade }) : t('filter.decade.all'))}
          />
          {countries.length > 0 && (
            <label className="filter">
              <span className="filter__label">{t('filter.country.label')}</span>
              <select
                className="select"
                value={filters.country ?? ''}
                onChange={(e) => navigate(withFilters({ country: e.target.value || null }))}
              >
                <option value="">{t('filter.country.all')}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
    </div>
  );
}
