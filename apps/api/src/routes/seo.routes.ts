import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { type CachedBody, etagOf } from '../legacy/response-cache';
import { ByteLru } from '../lib/lru-cache';
import { robotsTxt } from '../services/seo/robots';
import type { Sitemaps } from '../services/seo/sitemap.service';
import type { PublicCaches } from '../services/shared/public-caches';

const XML = 'application/xml; charset=utf-8';
/** Video files run to a few MB each: keep a handful, never more than the response cache may hold. */
const CACHE_BYTES = 32 * 1024 * 1024;

export interface SeoRoutesDeps {
  sitemaps: Sitemaps;
  /** Moderation purges these on every visibility change; the sitemap cache registers here. */
  caches: PublicCaches;
  origin: string;
  /** Seconds a generated sitemap is served from memory (CACHE_MAX_TTL); 0 disables the cache. */
  ttlSeconds: number;
  maxBytes: number;
}

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and its files under `/sitemaps/`. A file is streamed
 * as it is generated and kept briefly; a takedown purges every kept file through the public caches.
 */
export function seoRoutes({ sitemaps, caches, origin, ttlSeconds, maxBytes }: SeoRoutesDeps) {
  const app = new Hono<AppEnv>();
  const cache = new ByteLru<CachedBody>(Math.min(maxBytes, CACHE_BYTES));
  // A file being generated while a purge happens may hold what was just taken down: it is not kept.
  let generation = 0;
  caches.register(() => {
    generation++;
    cache.purge();
  });

  const headers = (etag?: string): HeadersInit => ({
    'Content-Type': XML,
    'Cache-Control': `public, max-age=${ttlSeconds}`,
    ...(etag ? { ETag: etag } : {}),
  });

  const keep = (key: string, body: Buffer, started = generation) => {
    const entry: CachedBody = {
      body,
      etag: etagOf(body),
      bytes: body.length + key.length * 2 + 64,
      lifetime: ttlSeconds,
      cacheControl: `public, max-age=${ttlSeconds}`,
    };
    if (ttlSeconds > 0 && generation === started) cache.set(key, entry, ttlSeconds * 1000);
    return entry;
  };

  const fromCache = (key: string, ifNoneMatch: string | undefined): Response | null => {
    const hit = cache.get(key);
    if (!hit) return null;
    if (ifNoneMatch === hit.etag) return new Response(null, { status: 304, headers: headers(hit.etag) });
    return new Response(new Uint8Array(hit.body), { headers: headers(hit.etag) });
  };

  function stream(key: string, chunks: Iterable<string> | AsyncIterable<string>): Response {
    const iterator =
      Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
    const parts: Buffer[] = [];
    const started = generation;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          keep(key, Buffer.concat(parts), started);
          return;
        }
        const bytes = Buffer.from(next.value);
        parts.push(bytes);
        controller.enqueue(new Uint8Array(bytes));
      },
      cancel() {
        void iterator.return?.();
      },
    });
    return new Response(body, { headers: headers() });
  }

  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(origin), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  app.get('/sitemap.xml', async (c) => {
    const ifNoneMatch = c.req.header('if-none-match');
    const cached = fromCache('index', ifNoneMatch);
    if (cached) return cached;
    const started = generation;
    const entry = keep('index', Buffer.from(await sitemaps.index()), started);
    return new Response(new Uint8Array(entry.body), { headers: headers(entry.etag) });
  });

  app.get('/sitemaps/:file{[a-z]+(-[0-9]+)?\\.xml}', async (c) => {
    const name = c.req.param('file').slice(0, -'.xml'.length);
    const cached = fromCache(name, c.req.header('if-none-match'));
    if (cached) return cached;
    const chunks = await sitemaps.file(name);
    if (!chunks) return c.text('Not found', 404);
    return stream(name, chunks);
  });

  return app;
}
