import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// useLayoutEffect warns during server rendering; there is nothing to scroll there anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** A navigation with this state keeps the scroll position (spec §2: "unless a stopScroll param is set"). */
export interface StopScrollState {
  stopScroll?: boolean;
}

export const STOP_SCROLL: StopScrollState = { stopScroll: true };

/**
 * Every navigation scrolls to the top (react-router's `<ScrollRestoration>`), except one whose state has
 * `stopScroll` — e.g. `<Link to=… state={{ stopScroll: true }}>` or `navigate(to, { state: { stopScroll:
 * true } })`; `preventScrollReset` does the same for links. Rendered after `<ScrollRestoration>`, so its
 * layout effect runs after the reset and puts the page back before anything is painted.
 */
export function StopScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastY = useRef(0);

  useEffect(() => {
    const remember = () => {
      lastY.current = window.scrollY;
    };
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useBrowserLayoutEffect(() => {
    const stop = (location.state as StopScrollState | null)?.stopScroll === true;
    // Back and forward keep their restored positions.
    if (stop && navigationType !== 'POP') window.scrollTo(0, lastY.current);
  }, [location]);

  return null;
}
