import { type ReactNode, useEffect, useState } from 'react';

/** True once React has hydrated this component: before that a click on a controlled input is undone. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Its children once React has hydrated it, nothing before (and nothing on the server). The state lives here,
 * not in the page: a page that called useHydrated itself rendered its whole tree a second time right after
 * hydration, in one task the browser could not interrupt (a video page's was 50 ms on this machine).
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}
