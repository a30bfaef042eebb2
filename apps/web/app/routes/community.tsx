import { useTranslation } from 'react-i18next';
import { Form, redirect } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { MemberGrid } from '../components/member-card';
import { Pagination } from '../components/pagination';
import { SiteLink } from '../components/site-link';
import { notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { countryName } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { parsePage } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import type { Route } from './+types/community';

const strings = routeStrings('members');
export const handle = { strings };

const SORTS = ['recent', 'most-popular', 'alphabet', 'count-videos'] as const;
type Sort = (typeof SORTS)[number];
const isSort = (s: string | undefined): s is Sort => (SORTS as readonly string[]).includes(s ?? '');
const MEMBERS_PER_PAGE = 96;

/** The coded filters and their option counts (spec §3). */
const CODED = { gender: 3, age: 4, relationship: 3, orientation: 5 } as const;
type Coded = keyof typeof CODED;

function readFilters(params: URLSearchParams) {
  const code = (key: Coded) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 1 && n <= CODED[key] ? n : null;
  };
  const country = params.get('country') ?? '';
  return {
    country: /^[a-z]{2}$/.test(country) ? country : null,
    gender: code('gender'),
    age: code('age'),
    relationship: code('relationship'),
    orientation: code('orientation'),
    avatar: params.get('avatar') === '1' ? 1 : null,
  };
}

/** `/community/{sort}/{page}/`, 96 members a page; `/community/` → recent page 1. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (params.sort === undefined) throw redirect(`/community/recent/1/${url.search}`, 301);
  if (!isSort(params.sort)) throw redirect('/404/', 302);
  if (params.page === undefined) throw redirect(`/community/${params.sort}/1/${url.search}`, 301);
  const page = parsePage(params.page) ?? notFound();
  const filters = readFilters(url.searchParams);
  const search = (url.searchParams.get('s') ?? '').trim().slice(0, 69) || null;
  const [listing, countries] = await Promise.all([
    context.api.members.list({ sort: params.sort, page, count: MEMBERS_PER_PAGE, filters, search }),
    context.api.catalog.countries(),
  ]);
  return { sort: params.sort, page, filters, search, listing, countries, query: url.search };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    title: t('community.title'),
    description: t(`community.seo_sort.${loaderData.sort}`),
    canonical: `${origin}/community/${loaderData.sort}/${loaderData.page}/`,
    page: loaderData.page,
  });
}

export default function Community({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { sort, page, filters, search, listing, countries, query } = loaderData;

  const select = (key: Coded) => (
    <label className="filter">
      <span className="filter__label">{t(`community.filter.${key}`)}</span>
      <select className="select" name={key} defaultValue={filters[key] ?? ''}>
        <option value="">{t('community.any')}</option>
        {Array.from({ length: CODED[key] }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t(`community.${key}.${n}` as 'community.age.1')}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="listing">
      <h1 className="page-title">{t('community.title')}</h1>
      <nav aria-label={t('sort.label')}>
        <ul className="tabs">
          {SORTS.map((s) => (
            <li key={s}>
              <SiteLink
                to={`/community/${s}/1/${query}`}
                className={`tabs__link${s === sort ? ' tabs__link--active' : ''}`}
                aria-current={s === sort ? 'page' : undefined}
              >
                {t(`community.sort.${s}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        action={`/community/${sort}/1/`}
        className="community-filters"
        data-testid="community-filters"
      >
        <label className="filter">
          <span className="filter__label">{t('community.filter.search')}</span>
          <input className="input" type="search" name="s" maxLength={69} defaultValue={search ?? ''} />
        </label>
        <label className="filter">
          <span className="filter__label">{t('community.filter.country')}</span>
          <select className="select" name="country" defaultValue={filters.country ?? ''}>
            <option value="">{t('community.any')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c, lang)}
              </option>
            ))}
          </select>
        </label>
        {select('gender')}
        {select('age')}
        {select('relationship')}
        {select('orientation')}
        <label className="filter filter--checkbox">
          <input type="checkbox" name="avatar" value="1" defaultChecked={filters.avatar === 1} />
          <span>{t('community.filter.avatar')}</span>
        </label>
        <button type="submit" className="button">
          {t('community.apply')}
        </button>
      </Form>
      {listing.items.length > 0 ? (
        <>
          <MemberGrid members={listing.items} label={t('community.title')} lang={lang} />
          <Pagination page={page} pages={listing.pages} href={(n) => `/community/${sort}/${n}/${query}`} />
        </>
      ) : (
        <EmptyState>{t('community.empty')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t(`community.seo_sort.${sort}`)}</p>
      </section>
    </div>
  );
}
