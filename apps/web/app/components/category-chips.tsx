import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CategoryInfo, VideoSort } from '../lib/dto';
import { filtersQuery, type ListingFilters } from '../lib/listing-filters';
import { MAX_CATEGORIES } from '../lib/site-constants';

interface CategoryChipsProps {
  chosen: CategoryInfo[];
  all: CategoryInfo[];
  sort: VideoSort;
  filters: ListingFilters;
}

/** The chosen categories as removable chips, and a plus button to add one while fewer than 3 are chosen. */
export function CategoryChips({ chosen, all, sort, filters }: CategoryChipsProps) {
  const { t } = useTranslation();
  const query = filtersQuery(filters, sort);
  const hrefFor = (dirs: string[]) =>
    dirs.length === 0 ? `/videos/${sort}/1/${query}` : `/categories/${dirs.join(',')}/${sort}/1/${query}`;
  const dirs = chosen.map((c) => c.dir);
  const others = all.filter((c) => !dirs.includes(c.dir) && c.totalVideos > 0);

  return (
    <div className="chips category-chips" data-testid="category-chips">
      {chosen.map((c) => (
        <Link
          key={c.dir}
          to={hrefFor(dirs.filter((d) => d !== c.dir))}
          className="chip chip--active"
          data-testid="category-chip"
          aria-label={t('categories.remove', { title: c.title })}
        >
          {c.title} <span aria-hidden>×</span>
        </Link>
      ))}
      {chosen.length < MAX_CATEGORIES && (
        // Keyed by the choice, so the picker starts closed on the next listing.
        <details key={dirs.join(',')} className="category-add">
          <summary className="chip" data-testid="category-add" aria-label={t('categories.add')}>
            +
          </summary>
          <ul className="category-add__list">
            {others.map((c) => (
              <li key={c.dir}>
                <Link to={hrefFor([...dirs, c.dir])}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
