import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { SiteLink } from '../components/site-link';
import { ThumbPicture } from '../components/thumb';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/categories-index';

/** .category-index fills its row with cells of 140 px or more: a cell is never 290 px wide (two would fit). */
const CATEGORY_COVER_SIZES = '290px';

export async function loader({ context }: Route.LoaderArgs) {
  const categories = (await context.api.catalog.categories({ section: 'videos' })).filter(
    (c) => c.totalVideos > 0,
  );
  const covers = await context.api.catalog.covers();
  return { categories, covers };
}

export function meta({ matches }: Route.MetaArgs) {
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  return pageMeta(t, {
    lang,
    orientation,
    title: t('categories.title'),
    description: t('categories.description'),
    canonical: `${origin}/categories/`,
  });
}

/**
 * `/categories/`: every category with its number of videos, largest first, each pictured by its most
 * popular video (sized, lazy: the browser loads those near the viewport at once).
 */
export default function CategoriesIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories: listed, covers } = loaderData;
  return (
    <div className="listing">
      <h1 className="page-title">{t('categories.title')}</h1>
      {listed.length === 0 ? (
        <EmptyState>{t('categories.empty')}</EmptyState>
      ) : (
        <ul className="category-index" data-testid="category-index">
          {listed.map((c) => (
            <li key={c.dir}>
              <SiteLink to={`/categories/${c.dir}/latest-updates/1/`} className="category-index__item">
                <span className="category-index__media">
                  {covers[c.dir]?.thumb ? (
                    <ThumbPicture
                      src={covers[c.dir].thumb}
                      src2x={covers[c.dir].thumb2x || undefined}
                      alt=""
                      sizes={CATEGORY_COVER_SIZES}
                    />
                  ) : (
                    <span className="thumb__image thumb__image--empty" />
                  )}
                </span>
                <span className="category-index__title">{c.title}</span>
                <span className="category-index__count">
                  {t('categories.videos_count', { count: c.totalVideos })}
                </span>
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
      <section className="seo-text">
        <p>{t('categories.description')}</p>
      </section>
    </div>
  );
}
