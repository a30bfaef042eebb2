import { useEffect } from 'react';

/**
 * Marks <html data-hydrated> once React has hydrated the page: the point from which clicks have handlers.
 * Browser tests wait for it (tests/e2e/fixtures.ts) instead of guessing with retries or sleeps.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
