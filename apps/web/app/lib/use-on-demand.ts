import { type ComponentType, useCallback, useState } from 'react';

/** A loader that fetches its module once, however often it is asked. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load().catch((error: unknown) => {
      // A failed fetch (offline for a moment) may be tried again.
      promise = undefined;
      throw error;
    });
    return promise;
  };
}

/**
 * A component kept out of the first load and fetched on intent: spread `intent` on the button that opens
 * it (pointer over, focus), `fetch()` resolves once it is there, and `Component` renders it from then on.
 * Not React.lazy: Suspense reveals its content on a timer, and a dialog must open at once even while a
 * page's timers are held.
 */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const fetch = useCallback(
    () =>
      load().then((loaded) => {
        setComponent(() => loaded);
        return loaded;
      }),
    [load],
  );
  const warm = useCallback(() => void load().catch(() => {}), [load]);
  return { Component, fetch, intent: { onPointerEnter: warm, onFocus: warm } };
}
