import { useCallback, useEffect, useState } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { MOBILE_QUERY, NEXT_VIDEO_DELAY_MS } from '../../lib/player-constants';

export interface NextAutoplay {
  /** Whole seconds until the next video opens, or null when no countdown runs. */
  secondsLeft: number | null;
  cancel: () => void;
  playNow: () => void;
}

// The opened page's player starts by itself (spec §4): see takeAutoplay in video-player.tsx.
const openNext = (navigate: NavigateFunction, href: string) => navigate(href, { state: { autoplay: true } });

function isMobile(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches === true;
}

/**
 * When the video ends, counts NEXT_VIDEO_DELAY_MS down and then opens `nextHref` (spec §4: not in
 * embed mode, not on mobile). Cancelling stops it until the video ends again; a new `nextHref`
 * (the related list changed) starts a fresh countdown.
 */
export function useNextAutoplay(ended: boolean, enabled: boolean, nextHref: string | null): NextAutoplay {
  const navigate = useNavigate();
  const [cancelled, setCancelled] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (!ended) setCancelled(false);
  }, [ended]);

  useEffect(() => {
    if (!ended || !enabled || !nextHref || cancelled || isMobile()) {
      setDeadline(null);
      return;
    }
    const start = Date.now();
    setNow(start);
    setDeadline(start + NEXT_VIDEO_DELAY_MS);
    const tick = setInterval(() => setNow(Date.now()), 250);
    const go = setTimeout(() => openNext(navigate, nextHref), NEXT_VIDEO_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [ended, enabled, nextHref, cancelled, navigate]);

  const cancel = useCallback(() => setCancelled(true), []);
  const playNow = useCallback(() => {
    if (nextHref) openNext(navigate, nextHref);
  }, [navigate, nextHref]);

  const secondsLeft = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, cancel, playNow };
}
