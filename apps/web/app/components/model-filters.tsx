import { useTranslation } from 'react-i18next';
import { Form, useNavigate } from 'react-router';
import type { ModelFilters, ModelSort } from '../lib/dto';
import type { NamedCountry } from '../lib/intl';
import {
  ALPHABET,
  CODED_FILTERS,
  type CodedFilter,
  FILTER_PARAMS,
  hasModelFilters,
  MODEL_SORTS,
  modelsHref,
  NO_FILTERS,
  RACES,
  TITS_SIZES,
} from '../lib/models';
import { SiteLink } from './site-link';

interface ModelFiltersProps {
  sort: ModelSort;
  filters: ModelFilters;
  countries: readonly NamedCountry[];
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Sort tabs, the alphabet bar and the other nine filters. Every change goes to page 1 and keeps the
 * rest; the selects work as a plain GET form without JavaScript and navigate at once with it.
 */
export function ModelListingControls({ sort, filters, countries }: ModelFiltersProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withFilter = (patch: Partial<ModelFilters>) => modelsHref(sort, 1, { ...filters, ...patch });

  const select = (
    key: Exclude<keyof ModelFilters, 'alphabet'>,
    options: { value: string; label: string }[],
  ) => {
    const param = FILTER_PARAMS[key];
    const labelKey = `models.filter.${param as Exclude<typeof param, 'alphabet'>}` as const;
    return (
      <label className="filter model-filter" key={key}>
        <span className="model-filter__label">{t(labelKey)}</span>
        <select
          className="select"
          name={param}
          value={filters[key] === null ? '' : String(filters[key])}
          data-testid={`filter-${param}`}
          onChange={(e) => {
            const raw = e.target.value;
            const value = raw === '' ? null : /^\d$/.test(raw) ? Number(raw) : raw;
            navigate(withFilter({ [key]: value } as Partial<ModelFilters>));
          }}
        >
          <option value="">{t('models.any')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  };
  const coded = (key: CodedFilter) =>
    select(
      key,
      codes(CODED_FILTERS[key]).map((n) => ({
        value: String(n),
        label: t(`models.${FILTER_PARAMS[key]}.${n}` as 'models.age.1'),
      })),
    );

  return (
    <div className="listing-controls model-controls">
      <nav aria-label={t('sort.label')}>
        <ul className="tabs">
          {MODEL_SORTS.map((option) => (
            <li key={option}>
              <SiteLink
                to={modelsHref(option, 1, filters)}
                className={`tabs__link${option === sort ? ' tabs__link--active' : ''}`}
                aria-current={option === sort ? 'page' : undefined}
              >
                {t(`models.sort.${option}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav className="alphabet-bar" aria-label={t('models.alphabet_label')}>
        <ul className="alphabet-bar__list">
          <li>
            <SiteLink
              to={withFilter({ alphabet: null })}
              className={`alphabet-bar__link${filters.alphabet === null ? ' alphabet-bar__link--active' : ''}`}
              aria-current={filters.alphabet === null ? 'true' : undefined}
            >
              {t('models.alphabet_all')}
            </SiteLink>
          </li>
          {ALPHABET.map((letter) => (
            <li key={letter}>
              <SiteLink
                to={withFilter({ alphabet: letter })}
                className={`alphabet-bar__link${filters.alphabet === letter ? ' alphabet-bar__link--active' : ''}`}
                aria-current={filters.alphabet === letter ? 'true' : undefined}
                rel="nofollow"
              >
                {letter.toUpperCase()}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        action={modelsHref(sort, 1)}
        className="model-filters"
        aria-label={t('models.filters')}
      >
        {filters.alphabet && <input type="hidden" name="alphabet" value={filters.alphabet} />}
        {select(
          'race',
          RACES.map((r) => ({ value: r, label: t(`models.race.${r}`) })),
        )}
        {coded('age')}
        {select(
          'country',
          countries.map(({ code, name }) => ({ value: code, label: name })),
        )}
        {select(
          'titsSize',
          TITS_SIZES.map((s) => ({ value: s, label: t(`models.tits_size.${s}`) })),
        )}
        {coded('hairColor')}
        {coded('height')}
        {coded('weight')}
        {coded('tattoo')}
        {coded('piercing')}
        <noscript>
          <button type="submit" className="button">
            {t('models.apply')}
          </button>
        </noscript>
        {hasModelFilters(filters) && (
          <SiteLink to={modelsHref(sort, 1, NO_FILTERS)} className="chip model-filters__reset">
            {t('models.reset')}
          </SiteLink>
        )}
      </Form>
    </div>
  );
}
