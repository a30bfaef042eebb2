import type { IncomingMessage, ServerResponse } from 'node:http';
import { RTA_LABEL } from '../rta';
import { JSON_TYPE } from './legacy-response';
import type { ResponseCache } from './response-cache';

/**
 * Answers shared-cache hits of the legacy JSON paths straight from the Node request listener, before
 * the Hono app builds Request/Response objects, cookies and a logger for them. A hit carries nothing
 * request-specific (lifetime > 0 answers are the same for every visitor), so skipping the middleware changes
 * no answer; a miss falls through to the full app, which computes and stores the entry.
 */
export function serveCachedLegacy(cache: ResponseCache, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/api/json/')) return false;
  const hit = cache.get(req.url);
  if (!hit) return false;
  // Flat [name, value, ...] arrays skip Node's per-call header object handling.
  const headers = [
    'Content-Type',
    JSON_TYPE,
    'Cache-Control',
    hit.cacheControl,
    'ETag',
    hit.etag,
    'Rating',
    RTA_LABEL,
    // The security headers the app would have set on this answer (http/security-headers.ts).
    'X-Content-Type-Options',
    'nosniff',
    'Referrer-Policy',
    'strict-origin-when-cross-origin',
    'Vary',
    'Accept-Encoding',
  ];
  if (req.headers['if-none-match'] === hit.etag) {
    res.writeHead(304, headers).end();
  } else {
    const { body, encoding } = cache.variant(req.url, hit, req.headers['accept-encoding']);
    if (encoding) headers.push('Content-Encoding', encoding);
    headers.push('Content-Length', String(body.length));
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  return true;
}
