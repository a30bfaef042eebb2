import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { CountrySelect } from '../components/country-select';
import { EmptyState } from '../components/empty-state';
import { LazyVideoGrid } from '../components/lazy-video-grid';
import { Pagination } from '../components/pagination';
import { TagCloud } from '../components/tag-cloud';
import { ThumbGrid } from '../components/thumb-grid';
import { VideoBlock } from '../components/video-block';
import { apiClient } from '../lib/api-client';
import { setCountryCookie } from '../lib/country-cookie';
import { getI18n } from '../lib/i18n';
import { namedCountries, nameIn } from '../lib/intl';
import { DEFAULT_FILTERS, listingHref } from '../lib/listing-filters';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { HOME_BLOCK_SIZE, LISTING_PAGE_SIZE, TAG_CLOUD_SIZE } from '../lib/site-constants';
import type { Route } from './+types/home';

/** Only the country block is rendered on the server; the other two load when scrolled near. */
export async function loader({ context }: Route.LoaderArgs) {
  const [home, stats, latest] = await Promise.all([
    // The server reads the country cookie itself; the input only overrides it.
    context.api.videos.home({ topOnly: true }),
    context.api.catalog.main(),
    // One row is enough to learn how many listing pages the home pagination can link to.
    context.api.videos.list({ sort: 'latest-updates', page: 1, count: 1 }),
  ]);
  return {
    country: home.country,
    top: home.top,
    countries: namedCountries(stats.countries, context.lang, home.country),
    keywords: stats.keywords.slice(0, TAG_CLOUD_SIZE),
    latestPages: Math.ceil(latest.totalCount / LISTING_PAGE_SIZE),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    orientation,
    title: t('home.title'),
    description: t('home.description'),
    canonical: `${origin}/`,
  });
}

const loadPopular = () =>
  apiClient()
    .videos.list.query({ sort: 'most-popular', date: 'day', count: HOME_BLOCK_SIZE, page: 1 })
    .then((listing) => listing.items);

const loadLatest = () =>
  apiClient()
    .videos.list.query({ sort: 'latest-updates', count: HOME_BLOCK_SIZE, page: 1 })
    .then((listing) => listing.items);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // Shown at once on change; the loader's answer replaces it after revalidation.
  const [country, setCountry] = useState(loaderData.country);
  useEffect(() => setCountry(loaderData.country), [loaderData.country]);

  const changeCountry = useCallback(
    (code: string) => {
      setCountryCookie(code);
      setCountry(code);
      void revalidator.revalidate();
    },
    [revalidator],
  );

  const busy = revalidator.state === 'loading';

  return (
    <div className="home">
      <h1 className="page-title">{t('home.headline')}</h1>
      <VideoBlock
        headingId="home-top"
        title={t('home.top_in', { country: nameIn(loaderData.countries, country) })}
        aside={
          <CountrySelect
            countries={loaderData.countries}
            value={country}
            disabled={busy}
            onChange={changeCountry}
          />
        }
      >
        <div className={busy ? 'is-refreshing' : undefined} aria-busy={busy}>
          {loaderData.top.length > 0 ? (
            <ThumbGrid videos={loaderData.top} />
          ) : (
            <EmptyState>{t('listing.empty.videos')}</EmptyState>
          )}
        </div>
      </VideoBlock>
      <VideoBlock headingId="home-popular" title={t('home.popular_today')}>
        <LazyVideoGrid
          load={loadPopular}
          placeholderCount={HOME_BLOCK_SIZE}
          fallbackHref={listingHref('most-popular', 1, { ...DEFAULT_FILTERS, date: 'day' })}
        />
      </VideoBlock>
      <VideoBlock headingId="home-latest" title={t('home.latest')}>
        <LazyVideoGrid
          load={loadLatest}
          placeholderCount={HOME_BLOCK_SIZE}
          fallbackHref={listingHref('latest-updates', 1)}
        />
      </VideoBlock>
      <Pagination
        page={1}
        pages={loaderData.latestPages}
        href={(page) => (page === 1 ? '/' : listingHref('latest-updates', page))}
      />
      <section className="seo-text" aria-labelledby="home-seo">
        <h2 id="home-seo" className="seo-text__title">
          {t('home.seo_headline')}
        </h2>
        <p>{t('home.seo_text')}</p>
      </section>
      <TagCloud keywords={loaderData.keywords} />
    </div>
  );
}
