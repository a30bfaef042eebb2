import { useTranslation } from 'react-i18next';
import { SiteLink } from '../components/site-link';
import { ThumbGrid } from '../components/thumb-grid';
import type { MainStats, VideoCard } from '../lib/dto';
import { DEFAULT_FILTERS, listingHref } from '../lib/listing-filters';

export interface LandingData {
  categories: MainStats['categories'];
  popular: VideoCard[];
}

const POINTS = ['free', 'curated', 'community'] as const;

/** A welcome for first-time visitors: the pitch, the top categories and a way into the site. */
export function LandingPage({ data }: { data: LandingData }) {
  const { t } = useTranslation();
  const site = t('site.name');
  return (
    <article className="landing">
      <header className="landing__hero">
        <h1 className="landing__title">{t('landing.headline', { site })}</h1>
        <p className="landing__pitch">{t('landing.pitch')}</p>
        <SiteLink to="/" className="button button--large landing__enter" data-testid="landing-enter">
          {t('landing.enter')}
        </SiteLink>
        <p className="landing__adults">{t('landing.adults')}</p>
      </header>
      <ul className="landing__points" aria-label={t('landing.points_label')}>
        {POINTS.map((point) => (
          <li key={point} className="landing__point">
            <h2 className="landing__point-title">{t(`landing.points.${point}.title`)}</h2>
            <p>{t(`landing.points.${point}.text`)}</p>
          </li>
        ))}
      </ul>
      <section className="landing__section" aria-labelledby="landing-categories">
        <div className="landing__section-head">
          <h2 id="landing-categories" className="section-title">
            {t('landing.categories')}
          </h2>
          <SiteLink className="text-link" to="/categories/">
            {t('landing.all_categories')}
          </SiteLink>
        </div>
        <ul className="landing__categories" data-testid="landing-categories">
          {data.categories.map((category) => (
            <li key={category.dir}>
              <SiteLink to={`/categories/${category.dir}/latest-updates/1/`} className="landing__category">
                <span className="landing__category-title">{category.title}</span>
                <span className="landing__category-count">
                  {t('landing.category_videos', { count: category.totalVideos })}
                </span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
      {data.popular.length > 0 && (
        <section className="landing__section" aria-labelledby="landing-popular">
          <div className="landing__section-head">
            <h2 id="landing-popular" className="section-title">
              {t('landing.popular')}
            </h2>
            <SiteLink
              className="text-link"
              to={listingHref('most-popular', 1, { ...DEFAULT_FILTERS, date: 'week' })}
            >
              {t('landing.more')}
            </SiteLink>
          </div>
          <ThumbGrid videos={data.popular} />
        </section>
      )}
      <p className="landing__footer">
        <SiteLink to="/" className="button button--large">
          {t('landing.enter')}
        </SiteLink>
      </p>
    </article>
  );
}
