import { type Encoding, negotiate } from '../http/compression';
import { type StoredCodings, storedCoding } from '../http/stored-codings';
import { etagOf } from '../legacy/response-cache';
import { ByteLru } from '../lib/lru-cache';
import type { PageAgeGate } from '../routes/age-gate.page';
import { inlineScriptHashes, withScriptHashes } from './script-hashes';

/**
 * Everything besides path and query that changes an anonymous page (docs/decisions/0019): the language, the
 * orientation, the visitor's picked country (the legacy constants print it) or, without one, the located
 * country (the shell's and "top in country" lists fall back to it), and the age gate as the page shows it.
 */
export interface PageVariant {
  lang: string;
  gender: string;
  country: string | null;
  requestCountry: string | null;
  ageGate: PageAgeGate;
}

export function pageKey(pathAndQuery: string, v: PageVariant): string {
  const country = v.country ?? `@${v.requestCountry ?? ''}`;
  const gate = v.ageGate.shown ? `${v.ageGate.method}:${v.ageGate.lang}` : '-';
  return `${v.lang}|${v.gender}|${country}|${gate}|${pathAndQuery}`;
}

/**
 * Token and account pages: their loaders act (confirm a token) or show one person's state, so even their
 * anonymous answers are rendered each time.
 */
const NEVER_CACHED =
  /^\/(confirm|restore|login|register|member_edit|messages|add-video|create-album|moderation|history)([/.-]|$)/;

export const isCacheablePath = (path: string) => !NEVER_CACHED.test(path);

/** Headers of the rendered answer that belong to one response, not to the page. */
const NOT_REPLAYED = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'etag',
  'cache-control',
  'vary',
  'x-request-id',
  'content-security-policy',
]);

/** A stored page, with its compressed copies (http/stored-codings.ts): no hit compresses. */
export interface PageEntry extends StoredCodings {
  /** CSP sources of the page's inline scripts (`'sha256-…'`): stored pages carry no nonce (ADR 0026). */
  scriptHashes: string[];
  headers: [string, string][];
  /**
   * Every header the app sent with the entry's first answer except the per-response ones, with its CSP
   * allowing the page's inline scripts by hash: what the listener's fast path (page-fast-path.ts) sends
   * without running the app.
   */
  sent?: { headers: [string, string][]; csp: string | null };
  etag: string;
  /** Fresh until then (ms); after it, sent only while a render replaces it, until `staleUntil`. */
  expires: number;
  staleUntil: number;
  bytes: number;
}

/** What the app sets per response, or per request, rather than per page. */
const NOT_CAPTURED = new Set([...NOT_REPLAYED, 'connection', 'keep-alive', 'content-type']);

export interface PageAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** A signed HLS location `/media/{exp}/{sig}/…` (services/media/media-urls.service.ts). */
const SIGNED_MEDIA = Buffer.from('/media/');
const SLASH = 0x2f;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** The expiry (unix seconds) of every signed media location in a page, read from its bytes. */
function* signedMediaExpiries(body: Buffer): Generator<number> {
  for (let at = body.indexOf(SIGNED_MEDIA); at !== -1; at = body.indexOf(SIGNED_MEDIA, at + 1)) {
    const digits = at + SIGNED_MEDIA.length;
    let end = digits;
    while (isDigit(body[end])) end++;
    if (end - digits >= 9 && end - digits <= 12 && body[end] === SLASH)
      yield Number(body.toString('latin1', digits, end));
  }
}

/**
 * Rendered pages of visitors without a session, bounded in bytes. A stored page is sent as it was rendered,
 * with a CSP that allows its inline scripts by their hashes instead of a nonce (docs/decisions/0026), so
 * every hit is the same bytes: compressed once per coding, never copied or rewritten.
 */
export function createPageCache(opts: {
  maxBytes: number;
  ttlSeconds: number;
  /** How long past its TTL a page may be sent while it is rendered again (0: never). */
  staleSeconds?: number;
  /** MEDIA_URL_TTL: a cached page's signed media locations keep at least half of it when served. */
  mediaUrlTtlSeconds: number;
  /** `public` lets a CDN keep the page for the rest of its lifetime; `private` only the browser. */
  shared: boolean;
  /** Extra request headers the page depends on (the trusted country header). */
  vary: string[];
  now?: () => number;
}) {
  const now = opts.now ?? (() => Date.now());
  const lru = new ByteLru<PageEntry>(opts.maxBytes, now);
  const vary = ['Accept-Encoding', 'Cookie', ...opts.vary].join(', ');
  const enabled = opts.ttlSeconds > 0 && opts.maxBytes > 0;
  const served = new WeakMap<Request, PageEntry>();
  /** Moves on with every purge: a render that began before one may not store what it read. */
  let generation = 0;

  /** How long a page may be sent at all: until its signed media locations have half of MEDIA_URL_TTL left. */
  function keepableMs(body: Buffer): number {
    let ms = Number.POSITIVE_INFINITY;
    // Scanned as bytes: decoding the whole page to a string cost more than the rest of storing it.
    for (const expires of signedMediaExpiries(body)) {
      const left = expires * 1000 - now() - (opts.mediaUrlTtlSeconds * 1000) / 2;
      ms = Math.min(ms, left);
    }
    return ms;
  }

  return {
    enabled,
    /** The stored page, fresh or stale (`isStale`). */
    get: (key: string) => (enabled ? lru.get(key) : undefined),

    /** Past its TTL: send it only while a render replaces it. */
    isStale: (entry: PageEntry) => entry.expires <= now(),

    /** Taken when a render begins and handed to `put`, which refuses the page if a purge came in between. */
    get generation() {
      return generation;
    },

    /**
     * Keeps a rendered 200 whose body is complete. Returns the entry, or null when the page may not be
     * stored (the caller then sends it as it is).
     */
    put(key: string, res: { headers: Headers }, body: Buffer, renderedIn = generation): PageEntry | null {
      if (!enabled || renderedIn !== generation || res.headers.has('set-cookie')) return null;
      const cc = res.headers.get('cache-control') ?? '';
      if (/no-store|private/.test(cc)) return null;
      const keepable = keepableMs(body);
      const ttl = Math.min(opts.ttlSeconds * 1000, keepable);
      if (ttl < 1000) return null;
      const kept = Math.min(ttl + (opts.staleSeconds ?? 0) * 1000, keepable);
      const headers: [string, string][] = [];
      for (const [name, value] of res.headers) if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
      const entry: PageEntry = {
        body,
        scriptHashes: inlineScriptHashes(body),
        headers,
        etag: etagOf(body),
        expires: now() + ttl,
        staleUntil: now() + kept,
        bytes: body.length + key.length * 2 + 256,
      };
      lru.set(key, entry, kept);
      return entry;
    },

    /** The answer for one request: the client's encoding, 304 on a match. */
    answer(
      key: string,
      entry: PageEntry,
      req: { acceptEncoding?: string | null; ifNoneMatch?: string | null; head: boolean },
    ): PageAnswer {
      const left = Math.max(0, Math.floor((entry.expires - now()) / 1000));
      const headers: Record<string, string> = Object.fromEntries(entry.headers);
      // Browsers revalidate every time (a 304 is cheap), so a takedown or a page made private is gone for a
      // visitor at once; only a CDN may keep the page, for what is left of its lifetime.
      headers['Cache-Control'] = opts.shared ? `public, max-age=0, s-maxage=${left}` : 'private, no-cache';
      headers.ETag = entry.etag;
      headers.Vary = vary;
      if (req.ifNoneMatch === entry.etag) return { status: 304, headers, body: null };
      const enc = negotiate(req.acceptEncoding, ['br', 'gzip']);
      const body = enc ? compressedOf(key, entry, enc) : entry.body;
      if (enc) headers['Content-Encoding'] = enc;
      headers['Content-Length'] = String(body.length);
      return { status: 200, headers, body: req.head ? null : body };
    },

    /** The pages handler answered this request from `entry`: finish() gives it the entry's CSP. */
    markServed(req: Request, entry: PageEntry): void {
      served.set(req, entry);
    },

    /**
     * On the final answer of a request served from an entry: swaps the CSP's nonce (the security headers
     * middleware made one for this request) for the entry's script hashes, and records once per entry the
     * headers the whole app sent (security headers, Rating), so a later hit can be sent without the app.
     */
    finish(req: Request, res: Response, nonce: string | undefined): void {
      const entry = served.get(req);
      if (!entry || res.status !== 200 || !nonce) return;
      const policy = res.headers.get('content-security-policy');
      const csp = policy ? withScriptHashes(policy, nonce, entry.scriptHashes) : null;
      if (csp) res.headers.set('Content-Security-Policy', csp);
      if (entry.sent) return;
      const headers: [string, string][] = [];
      for (const [name, value] of res.headers)
        if (name !== 'content-security-policy' && !NOT_CAPTURED.has(name)) headers.push([name, value]);
      entry.sent = { headers, csp };
    },

    purge(): void {
      generation++;
      lru.purge();
    },
    get bytes() {
      return lru.bytes;
    },
  };

  function compressedOf(key: string, entry: PageEntry, enc: Encoding): Buffer {
    return storedCoding(entry, enc, {
      resize: (added) => lru.resize(key, entry, added),
      stored: () => lru.holds(key, entry),
      firstLevel: 'quick',
    });
  }
}

export type PageCache = ReturnType<typeof createPageCache>;
