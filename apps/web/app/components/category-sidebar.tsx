import { useTranslation } from 'react-i18next';
import type { CategoryInfo, VideoSort } from '../lib/dto';
import { filtersQuery, type ListingFilters } from '../lib/listing-filters';
import {
  MAX_CATEGORIES,
  SIDEBAR_CATEGORY_MIN_VIDEOS,
  SIDEBAR_FALLBACK_CATEGORIES,
} from '../lib/site-constants';
import { SiteLink } from './site-link';

interface CategorySidebarProps {
  categories: CategoryInfo[];
  chosen: string[];
  sort: VideoSort;
  filters: ListingFilters;
  /** During a search every category is offered, however small. */
  searching?: boolean;
}

/**
 * Category checkboxes beside a video listing (spec §2, §9): categories with at least 1,000 videos, at
 * most 3 checked. A catalogue with no category that large offers its largest ones instead. Each box is a
 * link, so it works before hydration and without scripts.
 */
export function CategorySidebar({
  categories,
  chosen,
  sort,
  filters,
  searching = false,
}: CategorySidebarProps) {
  const { t } = useTranslation();
  const large = categories.filter((c) => c.totalVideos >= SIDEBAR_CATEGORY_MIN_VIDEOS);
  const offered = searching
    ? categories
    : large.length > 0
      ? large
      : categories.filter((c) => c.totalVideos > 0).slice(0, SIDEBAR_FALLBACK_CATEGORIES);
  const full = chosen.length >= MAX_CATEGORIES;
  const query = filtersQuery({ ...filters, country: null }, sort);
  const hrefFor = (dirs: string[]) =>
    dirs.length === 0 ? `/videos/${sort}/1/${query}` : `/categories/${dirs.join(',')}/${sort}/1/${query}`;

  return (
    <aside
      className="category-sidebar"
      aria-labelledby="category-sidebar-title"
      data-testid="category-sidebar"
    >
      <h2 id="category-sidebar-title" className="category-sidebar__title">
        {t('categories.sidebar_title')}
      </h2>
      {full && (
        <p className="category-sidebar__hint">{t('categories.max_selected', { count: MAX_CATEGORIES })}</p>
      )}
      <ul className="category-sidebar__list">
        {offered.map((c) => {
          const checked = chosen.includes(c.dir);
          const box = (
            <>
              <span className={`checkbox${checked ? ' checkbox--checked' : ''}`} aria-hidden />
              {c.title}
            </>
          );
          return (
            <li key={c.dir}>
              {!checked && full ? (
                // biome-ignore lint/a11y/useSemanticElements: the enabled items are links (crawlable filter URLs) in the checkbox role, and a full selection's disabled ones must read the same
                <span
                  className="category-sidebar__item"
                  role="checkbox"
                  aria-checked="false"
                  aria-disabled="true"
                  tabIndex={-1}
                >
                  {box}
                </span>
              ) : (
                <SiteLink
                  to={hrefFor(checked ? chosen.filter((d) => d !== c.dir) : [...chosen, c.dir])}
                  className="category-sidebar__item"
                  role="checkbox"
                  aria-checked={checked}
                >
                  {box}
                </SiteLink>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
