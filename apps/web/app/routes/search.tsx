import { isLang } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { FilterLinks } from '../components/filter-links';
import { Pagination } from '../components/pagination';
import { SiteLink } from '../components/site-link';
import { ThumbGrid } from '../components/thumb-grid';
import type { DurationFilter } from '../lib/dto';
import { notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { DURATION_OPTIONS } from '../lib/listing-filters';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parsePage } from '../lib/route-params';
import { searchHref, searchOk } from '../lib/search';
import type { Route } from './+types/search';

const SORTS = [
  'relevance',
  'latest-updates',
  'most-viewed',
  'top-rated',
  'longest',
  'most-commented',
] as const;
type Sort = (typeof SORTS)[number];

/** `/search/{page}/?s=`: relevance by default, with sort, duration and quality; `/search/` → page 1. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (params.page === undefined) throw redirect(`/search/1/${url.search}`, 301);
  const page = parsePage(params.page) ?? notFound();
  const text = (url.searchParams.get('s') ?? '').trim();
  const sortParam = url.searchParams.get('sort') ?? 'relevance';
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : 'relevance';
  const duration = Number(url.searchParams.get('duration'));
  const filters = {
    duration: (DURATION_OPTIONS.includes(duration as DurationFilter) ? duration : 0) as DurationFilter,
    hdOnly: url.searchParams.get('hd') === '1',
  };
  // A query outside 3–69 characters shows the rule and makes no search (spec §5).
  if (!searchOk(text)) return { text, page, sort, filters, listing: null, countText: '' };
  const listing = await context.api.search.videos({ text, page, sort, ...filters });
  // Counted on the server: in the browser the count's plural rules were the page's first Intl object,
  // whose locale data costs a phone 50–200 ms of main thread (lib/dated-comments.ts likewise).
  const lang = isLang(context.lang) ? context.lang : 'en';
  const countText = getI18n(lang).t('search.count', { count: listing.totalCount });
  return { text, page, sort, filters, listing, countText };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('search.title', { query: loaderData?.text ?? '' }), noindex: true });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { text, page, sort, filters, listing, countText } = loaderData;
  const query = (over: Partial<{ sort: Sort; duration: DurationFilter; hdOnly: boolean }>) => {
    const v = { sort, ...filters, ...over };
    const params = new URLSearchParams();
    if (v.sort !== 'relevance') params.set('sort', v.sort);
    if (v.duration) params.set('duration', String(v.duration));
    if (v.hdOnly) params.set('hd', '1');
    return params.toString();
  };
  const href = (n: number, over = {}) => searchHref(text, n, query(over));
  if (!listing) {
    return (
      <div className="listing">
        <h1 className="page-title">{t('search.heading')}</h1>
        <p className="form-error" role="alert" data-testid="search-length">
          {t('search.length', { min: 3, max: 69 })}
        </p>
      </div>
    );
  }
  return (
    <div className="listing">
      <h1 className="page-title">{t('search.title', { query: text })}</h1>
      <p className="listing__count">{countText}</p>
      <nav aria-label={t('sort.label')}>
        <ul className="tabs">
          {SORTS.map((s) => (
            <li key={s}>
              <SiteLink
                to={href(1, { sort: s })}
                className={`tabs__link${s === sort ? ' tabs__link--active' : ''}`}
                aria-current={s === sort ? 'page' : undefined}
                rel="nofollow"
              >
                {s === 'relevance' ? t('search.relevance') : t(`sort.${s}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="listing-controls">
        <FilterLinks
          label={t('filter.duration.label')}
          options={DURATION_OPTIONS}
          current={filters.duration}
          href={(d) => href(1, { duration: d })}
          text={(d) => t(`filter.duration.${d}`)}
        />
        <FilterLinks
          label={t('filter.hd.label')}
          options={[false, true]}
          current={filters.hdOnly}
          href={(hd) => href(1, { hdOnly: hd })}
          text={(hd) => (hd ? t('filter.hd.only') : t('filter.hd.all'))}
        />
      </div>
      {listing.items.length > 0 ? (
        <>
          <ThumbGrid videos={listing.items} label={t('listing.grid_label')} />
          <Pagination page={page} pages={listing.pages} href={(n) => href(n)} />
        </>
      ) : (
        <EmptyState>{t('listing.empty.videos')}</EmptyState>
      )}
    </div>
  );
}
