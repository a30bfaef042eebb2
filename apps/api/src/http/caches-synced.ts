import type { IncomingMessage } from 'node:http';

/**
 * The Node listener looks at the cache epoch before its fast paths (main.ts); a request they leave to the
 * app carries this mark, so the app's own look (app.ts) is not a second database round trip for it.
 */
const SYNCED = Symbol('public caches synced');

export function markCachesSynced(req: IncomingMessage): void {
  (req as IncomingMessage & { [SYNCED]?: true })[SYNCED] = true;
}

/** `env` is the Hono context's bindings: `{ incoming }` under @hono/node-server, anything in tests. */
export function cachesSyncedFor(env: unknown): boolean {
  const incoming = (env as { incoming?: { [SYNCED]?: true } } | undefined)?.incoming;
  return incoming?.[SYNCED] === true;
}
