import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@vt/api/trpc';
import { once } from './use-on-demand';

type Client = TRPCClient<AppRouter>;

// @trpc/client (~6 kB gzipped) is fetched with the first call, not with the page: most pages call it
// only after a click or a scroll, and none needs it to render. A failed fetch is forgotten, so the next
// call imports again: a browser that follows the current HTML spec fetches the module anew (whatwg/html
// #10327); one that keeps failed modules fails at once, as every call did here before.
const load = once(() =>
  import('@trpc/client').then(({ createTRPCClient, httpBatchLink }) =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] }),
  ),
);

/** Stands for `client.a.b…` until a procedure (`.query(…)`, `.mutate(…)`) is called on it. */
function path(keys: readonly string[]): unknown {
  return new Proxy(() => undefined, {
    // Not a thenable: awaiting a path by mistake must not call a procedure named "then".
    get: (_, key) => (typeof key === 'string' && key !== 'then' ? path([...keys, key]) : undefined),
    apply: (_, __, args: unknown[]) =>
      load().then((c) => {
        // biome-ignore lint/suspicious/noExplicitAny: walking tRPC's own proxy by the recorded keys
        let node: any = c;
        for (const key of keys.slice(0, -1)) node = node[key];
        return node[keys[keys.length - 1]](...args);
      }),
  });
}

/** The browser's tRPC client (never used during SSR, where loaders use context.api). */
export function apiClient(): Client {
  return path([]) as Client;
}

/**
 * One tRPC mutation as a plain POST (tRPC's HTTP form of an unbatched call, no transformer): for calls
 * every page view makes, so they never pull @trpc/client into a first load.
 */
export async function postMutation(procedure: string, input: unknown): Promise<void> {
  const res = await fetch(`/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    keepalive: true,
  });
  if (!res.ok) throw new Error(`${procedure} answered ${res.status}`);
}
