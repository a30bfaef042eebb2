import { useEffect } from 'react';
import { useMediaAllowed } from './age-gate';
import { postMutation } from './api-client';
import { isNogeoReferrer, NOGEO_REFERRER_ENDINGS } from './nogeo';
import { useRootData } from './root-data';
import { VIEW_STAT_DELAY_MS } from './site-constants';

/**
 * Counts a view VIEW_STAT_DELAY_MS after the page shows, so bounces and prefetches do not count; behind the
 * age gate the page does not show, so the time runs from passing it.
 */
export function useViewStat(videoId: number, enabled: boolean): void {
  // Visits referred by the network's sister sites do not count for the visitor's country either.
  const sisterHosts = useRootData().network.sisterHosts;
  const shown = useMediaAllowed();
  useEffect(() => {
    if (!enabled || !shown) return;
    const timer = setTimeout(() => {
      postMutation('stats.view', {
        videoId,
        nogeo: isNogeoReferrer(document.referrer, [...NOGEO_REFERRER_ENDINGS, ...sisterHosts]),
      }).catch((error: unknown) => console.error('[stats] view was not recorded', error));
    }, VIEW_STAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [videoId, enabled, shown, sisterHosts]);
}
