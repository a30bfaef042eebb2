import { useEffect, useState } from 'react';

/** True once React has hydrated this component: before that a click on a controlled input is undone. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
