import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_PAGE_SIZE } from '../lib/site-constants';
import { readWatchHistory, type WatchHistoryEntry } from '../lib/watch-history';
import { EmptyState } from './empty-state';
import { HistoryThumb } from './history-thumb';
import { Pagination } from './pagination';
import { ThumbSkeletonGrid } from './thumb-skeleton-grid';

function loadHistory(): WatchHistoryEntry[] {
  try {
    return readWatchHistory(window.localStorage);
  } catch {
    // localStorage can be disabled entirely; then there is no history.
    return [];
  }
}

/** The visitor's local watch history; it lives in the browser, so it renders after hydration. */
export function HistoryGrid({ page }: { page: number }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<WatchHistoryEntry[] | null>(null);

  useEffect(() => setEntries(loadHistory()), []);

  if (entries === null) return <ThumbSkeletonGrid count={10} />;
  const pageEntries = entries.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE);
  if (pageEntries.length === 0) return <EmptyState>{t('listing.empty.history')}</EmptyState>;

  return (
    <>
      <ul className="thumb-grid" aria-label={t('history.title')}>
        {pageEntries.map((entry) => (
          <li key={entry.params.video_id}>
            <HistoryThumb entry={entry} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pages={Math.ceil(entries.length / LISTING_PAGE_SIZE)}
        href={(n) => `/history/${n}/`}
      />
    </>
  );
}
