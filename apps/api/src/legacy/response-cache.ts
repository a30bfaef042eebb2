import { createHash } from 'node:crypto';
import { ByteLru } from '../lib/lru-cache';

export interface CachedBody {
  body: Buffer;
  etag: string;
  bytes: number;
  /** The lifetime segment of the path the entry was stored under. */
  lifetime: number;
}

/**
 * Serialized legacy answers for lifetime > 0, keyed by path and query. The server keeps an entry for
 * min(lifetime, maxTtl) so counts stay fresh; clients and CDNs may keep it for the full lifetime.
 */
export function createResponseCache(maxBytes: number, maxTtlSeconds: number) {
  const lru = new ByteLru<CachedBody>(maxBytes);
  return {
    get: (key: string) => lru.get(key),
    put(key: string, value: unknown, lifetime: number): CachedBody {
      const body = Buffer.from(JSON.stringify(value));
      const entry = { body, etag: etagOf(body), bytes: body.length + key.length * 2 + 64, lifetime };
      if (lifetime > 0 && maxTtlSeconds > 0) lru.set(key, entry, Math.min(lifetime, maxTtlSeconds) * 1000);
      return entry;
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
