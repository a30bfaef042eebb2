import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useRevalidator } from 'react-router';
import { CountrySelect } from '../components/country-select';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { ThumbGrid } from '../components/thumb-grid';
import { setCountryCookie } from '../lib/country-cookie';
import { notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { namedCountries, nameIn } from '../lib/intl';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parsePage } from '../lib/route-params';
import type { Route } from './+types/top-country';

/** `/top-country/{page}/`: top videos of the country chosen with the selector (a cookie); `/top-country/` → 1. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.page === undefined) throw redirect('/top-country/1/', 301);
  const page = parsePage(params.page) ?? notFound();
  const top = await context.api.videos.topCountry({ page });
  return { page, ...top, countries: namedCountries(top.countries, context.lang, top.country) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const country = nameIn(loaderData.countries, loaderData.country);
  return pageMeta(t, {
    lang,
    orientation,
    title: t('top_country.headline', { country }),
    description: t('top_country.seo', { country }),
    canonical: `${origin}/top-country/${loaderData.page}/`,
    page: loaderData.page,
  });
}

export default function TopCountry({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { page, country, countries, listing } = loaderData;

  const change = (code: string) => {
    setCountryCookie(code);
    // Another country's list starts again at its first page.
    if (page === 1) void revalidator.revalidate();
    else navigate('/top-country/1/');
  };

  return (
    <div className="listing">
      <h1 className="page-title">{t('top_country.headline', { country: nameIn(countries, country) })}</h1>
      <div className="listing-controls" data-testid="top-country-select">
        <CountrySelect
          countries={countries}
          value={country}
          disabled={revalidator.state === 'loading'}
          onChange={change}
        />
      </div>
      {listing.items.length > 0 ? (
        <>
          <ThumbGrid videos={listing.items} label={t('listing.grid_label')} />
          <Pagination page={page} pages={listing.pages} href={(n) => `/top-country/${n}/`} />
        </>
      ) : (
        <EmptyState>{t('listing.empty.videos')}</EmptyState>
      )}
      <section className="seo-text">
        <p>{t('top_country.seo', { country: nameIn(countries, country) })}</p>
      </section>
    </div>
  );
}
