import { paginationWindow } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import { PAGINATION_WINDOW } from '../lib/site-constants';
import { SiteLink } from './site-link';

interface PaginationProps {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
  /** Keep the scroll position, e.g. for the related videos under the player. */
  preventScrollReset?: boolean;
}

/** Crawlable page links: previous, a 5-page window, next. */
export function Pagination({ page, pages, href, label, preventScrollReset }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const numbers = paginationWindow(page, pages, PAGINATION_WINDOW);
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <SiteLink
              className="pagination__link"
              to={href(page - 1)}
              rel="prev"
              keepScroll={preventScrollReset}
            >
              {t('pagination.prev')}
            </SiteLink>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span className="pagination__link pagination__link--current" aria-current="page">
                {n}
              </span>
            ) : (
              <SiteLink
                className="pagination__link"
                to={href(n)}
                aria-label={t('pagination.page', { page: n })}
                keepScroll={preventScrollReset}
              >
                {n}
              </SiteLink>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <SiteLink
              className="pagination__link"
              to={href(page + 1)}
              rel="next"
              keepScroll={preventScrollReset}
            >
              {t('pagination.next')}
            </SiteLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
