import { useEffect } from 'react';
import { apiClient } from './api-client';
import { VIEW_STAT_DELAY_MS } from './site-constants';

/** Counts an album view VIEW_STAT_DELAY_MS after the album page shows (as videos do). */
export function useAlbumView(albumId: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      apiClient()
        .stats.albumView.mutate({ albumId })
        .catch((error: unknown) => console.error('[stats] album view was not recorded', error));
    }, VIEW_STAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [albumId, enabled]);
}
