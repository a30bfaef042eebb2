import { type ReactNode, useEffect, useState } from 'react';

/** True once React has hydrated this component: before that a click on a controlled input is undone. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Its children once React has hydrated it, nothing before (and nothing on the server). The state lives here,
 * not in the page: a page that called useHydrated itself rendered again right after hydration for every
 * visitor, staff or not (on a video page 14 components with hooks in that commit, 3 without it).
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}
