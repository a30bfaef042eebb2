import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '../components/site-link';
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
              <SiteLink className="text-link" to="/">
                {t('sitemap.home')}
              </SiteLink>
            </li>
            {VIDEO_SORTS.map((sort) => (
              <li key={sort}>
                <SiteLink className="text-link" to={listingHref(sort, 1)}>
                  {t(`listing.headline.${sort}`)}
                </SiteLink>
              </li>
            ))}
            <li>
              <SiteLink className="text-link" to="/top-country/1/">
                {t('sitemap.top_country')}
              </SiteLink>
            </li>
            <li>
              <SiteLink className="text-link" to="/history/1/">
                {t('sitemap.history')}
              </SiteLink>
            </li>
            <li>
              <SiteLink className="text-link" to="/landing/">
                {t('sitemap.landing')}
              </SiteLink>
            </li>
          </ul>
        </Section>
        <Section id="models" title={t('sitemap.models')}>
          <ul className="sitemap__list">
            <li>
              <SiteLink className="text-link" to={modelsHref('most-popular', 1)}>
                {t('sitemap.models_all')}
              </SiteLink>
            </li>
            {data.models.map((model) => (
              <li key={model.dir}>
                <SiteLink className="text-link" to={modelHref(model.dir)}>
                  {model.title}
                </SiteLink>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="albums" title={t('sitemap.albums')}>
          <ul className="sitemap__list">
            {ALBUM_SORTS.map((sort) => (
              <li key={sort}>
                <SiteLink className="text-link" to={albumsHref(sort, 1)}>
                  {t(`albums.headline.${sort}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="playlists" title={t('sitemap.playlists')}>
          <ul className="sitemap__list">
            <li>
              <SiteLink className="text-link" to="/playlists/most-popular/1/">
                {t('sitemap.playlists_all')}
              </SiteLink>
            </li>
          </ul>
        </Section>
        <Section id="community" title={t('sitemap.community')}>
          <ul className="sitemap__list">
            <li>
              <SiteLink className="text-link" to="/community/recent/1/">
                {t('sitemap.community_all')}
              </SiteLink>
            </li>
          </ul>
        </Section>
        <Section id="information" title={t('sitemap.information')}>
          <ul className="sitemap__list">
            <li>
              <SiteLink className="text-link" to="/information/">
                {t('info.title')}
              </SiteLink>
            </li>
            {INFO_SLUGS.map((slug) => (
              <li key={slug}>
                <SiteLink className="text-link" to={infoHref(slug)}>
                  {t(`info.pages.${slug}.title`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <Section id="categories" title={t('sitemap.categories')}>
        <p>
          <SiteLink className="text-link" to="/categories/">
            {t('sitemap.categories_all')}
          </SiteLink>
        </p>
        <ul className="sitemap__list sitemap__list--wide">
          {data.categories.map((category) => (
            <li key={category.dir}>
              <SiteLink className="text-link" to={`/categories/${category.dir}/latest-updates/1/`}>
                {category.title}
              </SiteLink>{' '}
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
