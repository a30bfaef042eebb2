import { createHash } from 'node:crypto';
import { type Encoding, negotiate } from '../http/compression';
import { type StoredCodings, storedCoding } from '../http/stored-codings';
import { ByteLru } from '../lib/lru-cache';

export interface CachedBody extends StoredCodings {
  etag: string;
  bytes: number;
  /** The lifetime segment of the path the entry was stored under. */
  lifetime: number;
  /** What browsers and CDNs may do with it (legacy-response.ts decides). */
  cacheControl: string;
}

/**
 * How an answer may be kept. A member's playlist, wall or list can turn private at any moment: the server's
 * cache is purged then, but a copy in a browser or CDN cannot be, so those answers are `private, no-cache`
 * (revalidated with the ETag every time) whatever the lifetime asks.
 */
export type Sharing = 'public' | 'member-owned';

const cacheControlOf = (lifetime: number, sharing: Sharing) =>
  lifetime <= 0 ? 'no-store' : sharing === 'public' ? `public, max-age=${lifetime}` : 'private, no-cache';

/**
 * Serialized legacy answers for lifetime > 0, keyed by path and query. The server keeps an entry for
 * min(lifetime, maxTtl) so counts stay fresh; clients and CDNs may keep it for the full lifetime.
 */
export function createResponseCache(maxBytes: number, maxTtlSeconds: number, compressMinBytes = 1024) {
  const lru = new ByteLru<CachedBody>(maxBytes);
  return {
    get: (key: string) => lru.get(key),
    put(key: string, value: unknown, lifetime: number, sharing: Sharing = 'public'): CachedBody {
      const body = Buffer.from(JSON.stringify(value));
      const entry: CachedBody = {
        body,
        etag: etagOf(body),
        bytes: body.length + key.length * 2 + 64,
        lifetime,
        cacheControl: cacheControlOf(lifetime, sharing),
      };
      if (lifetime <= 0 || maxTtlSeconds <= 0) return entry;
      lru.set(key, entry, Math.min(lifetime, maxTtlSeconds) * 1000);
      return entry;
    },
    /**
     * The bytes to send for this Accept-Encoding, and their coding (none: the identity body). A stored answer
     * over the threshold keeps its compressed copies; any other is compressed on the way out
     * (http/compression.ts).
     */
    variant(
      key: string,
      entry: CachedBody,
      acceptEncoding: string | null | undefined,
    ): { body: Buffer; encoding: Encoding | null } {
      const kept = entry.body.length >= compressMinBytes && lru.holds(key, entry);
      const enc = kept ? negotiate(acceptEncoding) : null;
      if (!enc) return { body: entry.body, encoding: null };
      const body = storedCoding(entry, enc, {
        resize: (added) => lru.resize(key, entry, added),
        stored: () => lru.holds(key, entry),
        firstLevel: 'normal',
      });
      return { body, encoding: enc };
    },
    /** Purge by key prefix, e.g. '/api/json/video/' after a takedown; no argument purges all. */
    purge: (prefixes?: string[]) => lru.purge(prefixes),
    get bytes() {
      return lru.bytes;
    },
  };
}

export const etagOf = (body: Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export type ResponseCache = ReturnType<typeof createResponseCache>;
