import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCard } from '../lib/dto';
import { LISTING_PAGE_SIZE, WATCH_HISTORY_KEY } from '../lib/site-constants';
import { readWatchHistory, type WatchHistoryEntry } from '../lib/watch-history';
import { EmptyState } from './empty-state';
import { HistoryThumb } from './history-thumb';
import { Pagination } from './pagination';
import { Thumb } from './thumb';
import { ThumbSkeletonGrid } from './thumb-skeleton-grid';
import { useToast } from './toasts';

function loadHistory(): WatchHistoryEntry[] {
  try {
    return readWatchHistory(window.localStorage);
  } catch {
    // localStorage can be disabled entirely; then there is no history.
    return [];
  }
}

/**
 * The visitor's local watch history; it lives in the browser, so it renders after hydration. The page's
 * thumbs are then read fresh from the server (duration, views, rating); a video since taken down keeps
 * the plain entry the browser stored. The visitor can clear it all, after confirming.
 */
export function HistoryGrid({ page }: { page: number }) {
  const { t } = useTranslation();
  const { show } = useToast();
  const [entries, setEntries] = useState<WatchHistoryEntry[] | null>(null);
  const [fresh, setFresh] = useState<Map<number, VideoCard>>(new Map());

  useEffect(() => setEntries(loadHistory()), []);

  const pageEntries = (entries ?? []).slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE);
  const ids = pageEntries.map((entry) => entry.params.video_id).join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    import('../lib/api-client')
      .then(({ apiClient }) => apiClient().videos.thumbs.query({ ids: ids.split(',').map(Number) }))
      .then(
        (thumbs) => live && setFresh(new Map(thumbs.map((thumb) => [thumb.id, thumb]))),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [ids]);

  if (entries === null) return <ThumbSkeletonGrid count={10} />;
  if (pageEntries.length === 0) return <EmptyState>{t('listing.empty.history')}</EmptyState>;

  const clear = () => {
    if (!window.confirm(t('history.clear_confirm'))) return;
    try {
      window.localStorage.removeItem(WATCH_HISTORY_KEY);
    } catch {
      // Storage disabled: there was nothing stored.
    }
    setEntries([]);
    show('success', t('history.cleared'));
  };

  return (
    <>
      <div className="history-tools">
        <button type="button" className="button" onClick={clear} data-testid="history-clear">
          {t('history.clear')}
        </button>
      </div>
      <ul className="thumb-grid" aria-label={t('history.title')}>
        {pageEntries.map((entry) => {
          const thumb = fresh.get(entry.params.video_id);
          return (
            <li key={entry.params.video_id}>
              {thumb ? <Thumb video={thumb} /> : <HistoryThumb entry={entry} />}
            </li>
          );
        })}
      </ul>
      <Pagination
        page={page}
        pages={Math.ceil(entries.length / LISTING_PAGE_SIZE)}
        href={(n) => `/history/${n}/`}
      />
    </>
  );
}
