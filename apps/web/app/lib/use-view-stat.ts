import { useEffect } from 'react';
import { apiClient } from './api-client';
import { isNogeoReferrer } from './nogeo';
import { VIEW_STAT_DELAY_MS } from './site-constants';

/** Counts a view VIEW_STAT_DELAY_MS after the page shows, so bounces and prefetches do not count. */
export function useViewStat(videoId: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      apiClient()
        .stats.view.mutate({ videoId, nogeo: isNogeoReferrer(document.referrer) })
        .catch((error: unknown) => console.error('[stats] view was not recorded', error));
    }, VIEW_STAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [videoId, enabled]);
}
