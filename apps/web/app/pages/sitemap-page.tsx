import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALBUM_SORTS, albumsHref } from '../lib/albums';
import type { MainStats } from '../lib/dto';
import { INFO_SLUGS, infoHref } from '../lib/info-pages';
import { listingHref } from '../lib/listing-filters';
import { modelHref, modelsHref } from '../lib/models';
import { VIDEO_SORTS } from '../lib/sorts';

export interface SitemapData {
  categories: MainStats['categories'];
  models: MainStats['models'];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="sitemap__section" aria-labelledby={`sitemap-${id}`} data-testid={`sitemap-${id}`}>
      <h2 id={`sitemap-${id}`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every public section of the site as plain links, for visitors and crawlers alike. */
export function SitemapPage({ data }: { data: SitemapData }) {
  const { t } = useTranslation();
  return (
    <article className="sitemap">
      <h1 className="page-title">{t('sitemap.headline')}</h1>
      <div className="sitemap__columns">
        <Section id="videos" title={t('sitemap.videos')}>
          <ul className="sitemap__list">
            <li>
              <Link className="text-link" to="/">
                {t('sitemap.home')}
              </Link>
            </li>
            {VIDEO_SORTS.map((sort) => (
              <li key={sort}>
                <Link className="text-link" to={listingHref(sort, 1)}>
                  {t(`listing.headline.${sort}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link className="text-link" to="/top-country/1/">
                {t('sitemap.top_country')}
              </Link>
            </li>
            <li>
              <Link className="text-link" to="/history/1/">
                {t('sitemap.history')}
              </Link>
            </li>
            <li>
              <Link className="text-link" to="/landing/">
                {t('sitemap.landing')}
              </Link>
            </li>
          </ul>
        </Section>
        <Section id="models" title={t('sitemap.models')}>
          <ul className="sitemap__list">
            <li>
              <Link className="text-link" to={modelsHref('most-popular', 1)}>
                {t('sitemap.models_all')}
              </Link>
            </li>
            {data.models.map((model) => (
              <li key={model.dir}>
                <Link className="text-link" to={modelHref(model.dir)}>
                  {model.title}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="albums" title={t('sitemap.albums')}>
          <ul className="sitemap__list">
            {ALBUM_SORTS.map((sort) => (
              <li key={sort}>
                <Link className="text-link" to={albumsHref(sort, 1)}>
                  {t(`albums.headline.${sort}`)}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="playlists" title={t('sitemap.playlists')}>
          <ul className="sitemap__list">
            <li>
              <Link className="text-link" to="/playlists/most-popular/1/">
                {t('sitemap.playlists_all')}
              </Link>
            </li>
          </ul>
        </Section>
        <Section id="community" title={t('sitemap.community')}>
          <ul className="sitemap__list">
            <li>
              <Link className="text-link" to="/community/recent/1/">
                {t('sitemap.community_all')}
              </Link>
            </li>
          </ul>
        </Section>
        <Section id="information" title={t('sitemap.information')}>
          <ul className="sitemap__list">
            <li>
              <Link className="text-link" to="/information/">
                {t('info.title')}
              </Link>
            </li>
            {INFO_SLUGS.map((slug) => (
              <li key={slug}>
                <Link className="text-link" to={infoHref(slug)}>
                  {t(`info.pages.${slug}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <Section id="categories" title={t('sitemap.categories')}>
        <p>
          <Link className="text-link" to="/categories/">
            {t('sitemap.categories_all')}
          </Link>
        </p>
        <ul className="sitemap__list sitemap__list--wide">
          {data.categories.map((category) => (
            <li key={category.dir}>
              <Link className="text-link" to={`/categories/${category.dir}/latest-updates/1/`}>
                {category.title}
              </Link>{' '}
              <span className="sitemap__count">
                {t('sitemap.category_videos', { count: category.totalVideos })}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
