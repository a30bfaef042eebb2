import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cachesSyncedFor, markCachesSynced } from './caches-synced';

describe('the listener’s mark that the caches were synced', () => {
  it('is read from the Node bindings of the request it was put on, and from nothing else', () => {
    const incoming = {} as IncomingMessage;
    expect(cachesSyncedFor({ incoming })).toBe(false);
    markCachesSynced(incoming);
    expect(cachesSyncedFor({ incoming })).toBe(true);
    expect(cachesSyncedFor({ incoming: {} })).toBe(false);
    // app.request() in tests, or any other runtime: the app syncs itself.
    expect(cachesSyncedFor(undefined)).toBe(false);
    expect(cachesSyncedFor({})).toBe(false);
  });
});
