import type { PageAgeGate } from '../age/age-gate.page';
import { compress, type Encoding, negotiate } from '../http/compression';
import { etagOf } from '../legacy/response-cache';
import { ByteLru } from '../lib/lru-cache';
import {
  type GzipNonceBody,
  gzipNonceBody,
  gzipWithNonce,
  type NonceBody,
  nonceBody,
  withNonce,
} from './nonce-body';

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

export interface PageEntry {
  /** The body and where its CSP nonce is. */
  page: NonceBody;
  /** Its gzip form with the nonce in stored blocks, made the first time a client takes gzip. */
  gz?: GzipNonceBody;
  /** Bodies without a nonce (react-router's `.data`) keep whole compressed copies. */
  br?: Buffer;
  gzip?: Buffer;
  /** Answers already sent, kept to be rewritten with the next nonce instead of copied again. */
  spare: { identity: Buffer[]; gzip: Buffer[] };
  /** How many spare bodies the entry owns per coding (counted in `bytes`). */
  owned: { identity: number; gzip: number };
  headers: [string, string][];
  /**
   * Every header the app sent with the entry's first answer except the per-response ones, and its CSP cut at
   * the nonce: what the listener's fast path (page-fast-path.ts) sends without running the app.
   */
  sent?: { headers: [string, string][]; csp: [string, string] | null };
  etag: string;
  expires: number;
  bytes: number;
}

/** What the app sets per response, or per request, rather than per page. */
const NOT_CAPTURED = new Set([...NOT_REPLAYED, 'connection', 'keep-alive', 'content-type']);

export interface PageAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
  /** With `pooled`: call once the body has been written out, so the next answer can reuse it. */
  release?: () => void;
}

/** Spare bodies kept per entry and coding: enough for the answers in flight at once on a hot page. */
const SPARES = 4;

/** A signed HLS location `/media/{exp}/{sig}/…` (services/media-urls.service.ts). */
const SIGNED_MEDIA = /\/media\/(\d{9,12})\//g;

/**
 * Rendered pages of visitors without a session, bounded in bytes. A hit replaces the stored CSP nonce with
 * the response's own (ADR 0017), in the identity body and in the gzip one, which is compressed once
 * (nonce-body.ts): no hit compresses anything.
 */
export function createPageCache(opts: {
  maxBytes: number;
  ttlSeconds: number;
  /** MEDIA_URL_TTL: a cached page's signed media locations keep at least half of it when served. */
  mediaUrlTtlSeconds: number;
  /** `public` lets a CDN keep the page for the rest of its lifetime; `private` only the browser. */
  shared: boolean;
  /** Extra request headers the page depends on (the trusted country header). */
  vary: string[];
  now?: () => number;
}) {
  const now = opts.now ?? Date.now;
  const lru = new ByteLru<PageEntry>(opts.maxBytes, now);
  const vary = ['Accept-Encoding', 'Cookie', ...opts.vary].join(', ');
  const enabled = opts.ttlSeconds > 0 && opts.maxBytes > 0;
  const served = new WeakMap<Request, PageEntry>();

  function lifetimeMs(body: Buffer): number {
    let ms = opts.ttlSeconds * 1000;
    const text = body.toString('latin1');
    for (const m of text.matchAll(SIGNED_MEDIA)) {
      const left = Number(m[1]) * 1000 - now() - (opts.mediaUrlTtlSeconds * 1000) / 2;
      ms = Math.min(ms, left);
    }
    return ms;
  }

  return {
    enabled,
    get: (key: string) => (enabled ? lru.get(key) : undefined),

    /**
     * Keeps a rendered 200 whose body is complete; `nonce` is the one the render used. Returns the entry, or
     * null when the page may not be stored (the caller then sends it as it is).
     */
    put(key: string, res: { headers: Headers }, body: Buffer, nonce: string): PageEntry | null {
      if (!enabled || res.headers.has('set-cookie')) return null;
      const cc = res.headers.get('cache-control') ?? '';
      if (/no-store|private/.test(cc)) return null;
      const ttl = lifetimeMs(body);
      if (ttl < 1000) return null;
      const headers: [string, string][] = [];
      for (const [name, value] of res.headers) if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
      const entry: PageEntry = {
        page: nonceBody(body, nonce),
        spare: { identity: [], gzip: [] },
        owned: { identity: 0, gzip: 0 },
        headers,
        etag: etagOf(body),
        expires: now() + ttl,
        bytes: body.length + key.length * 2 + 256,
      };
      lru.set(key, entry, ttl);
      return entry;
    },

    /** The answer for one request: a fresh nonce in the body, the client's encoding, 304 on a match. */
    answer(
      key: string,
      entry: PageEntry,
      req: {
        nonce: string;
        acceptEncoding?: string | null;
        ifNoneMatch?: string | null;
        head: boolean;
        /** The caller reports when the body is out (release): bodies are then reused, not copied. */
        pooled?: boolean;
      },
    ): PageAnswer {
      const left = Math.max(0, Math.floor((entry.expires - now()) / 1000));
      const headers: Record<string, string> = Object.fromEntries(entry.headers);
      // Browsers revalidate every time (a 304 is cheap), so a takedown or a page made private is gone for a
      // visitor at once; only a CDN may keep the page, for what is left of its lifetime.
      headers['Cache-Control'] = opts.shared ? `public, max-age=0, s-maxage=${left}` : 'private, no-cache';
      headers.ETag = entry.etag;
      headers.Vary = vary;
      if (req.ifNoneMatch === entry.etag) return { status: 304, headers, body: null };

      const hasNonce = entry.page.positions.length > 0;
      let enc = negotiate(req.acceptEncoding, hasNonce ? ['gzip'] : ['br', 'gzip']);
      let body: Buffer;
      let coding: 'identity' | 'gzip' | null = null;
      let reused: Buffer | undefined;
      if (enc && hasNonce) {
        reused = req.pooled ? entry.spare.gzip.pop() : undefined;
        const zipped = gzipWithNonce(gzOf(key, entry), req.nonce, reused);
        body = zipped ?? withNonce(entry.page, req.nonce);
        if (zipped) coding = 'gzip';
        else enc = null;
      } else if (enc) body = wholeOf(key, entry, enc);
      else if (hasNonce && req.pooled) {
        reused = entry.spare.identity.pop();
        body = withNonce(entry.page, req.nonce, reused);
        coding = 'identity';
      } else body = withNonce(entry.page, req.nonce);
      if (enc) headers['Content-Encoding'] = enc;
      headers['Content-Length'] = String(body.length);
      const release =
        req.pooled && coding
          ? () => {
              const c = coding!;
              if (lru.get(key) !== entry) return;
              if (!reused) {
                // A new body: the entry keeps it if it owns fewer than SPARES, and counts its bytes.
                if (entry.owned[c] >= SPARES) return;
                entry.owned[c]++;
                grow(key, entry, [body]);
              }
              entry.spare[c].push(body);
            }
          : undefined;
      return { status: 200, headers, body: req.head ? null : body, release };
    },

    /** The pages handler answered this request from `entry`: capture() may record the full headers. */
    markServed(req: Request, entry: PageEntry): void {
      if (!entry.sent) served.set(req, entry);
    },

    /**
     * Records, once per entry, the headers the whole app put on a stored page's answer (security headers,
     * Rating), so a later hit can be sent with the same ones without the app.
     */
    capture(req: Request, res: Response, nonce: string | undefined): void {
      const entry = served.get(req);
      if (!entry || entry.sent || res.status !== 200 || !nonce) return;
      const headers: [string, string][] = [];
      let csp: [string, string] | null = null;
      for (const [name, value] of res.headers) {
        if (name === 'content-security-policy') {
          const at = value.indexOf(nonce);
          if (at === -1) return;
          csp = [value.slice(0, at), value.slice(at + nonce.length)];
        } else if (!NOT_CAPTURED.has(name)) headers.push([name, value]);
      }
      entry.sent = { headers, csp };
    },

    purge(): void {
      lru.purge();
    },
    get bytes() {
      return lru.bytes;
    },
  };

  function gzOf(key: string, entry: PageEntry): GzipNonceBody {
    if (!entry.gz) {
      entry.gz = gzipNonceBody(entry.page);
      grow(key, entry, [entry.gz.gzip]);
    }
    return entry.gz;
  }

  function wholeOf(key: string, entry: PageEntry, enc: Encoding): Buffer {
    let out = entry[enc];
    if (!out) {
      out = compress(entry.page.body, enc);
      entry[enc] = out;
      grow(key, entry, [out]);
    }
    return out;
  }

  /** Re-sets the entry so the LRU counts the compressed copies it now holds. */
  function grow(key: string, entry: PageEntry, added: Buffer[]): void {
    const live = lru.get(key) === entry;
    if (live) lru.delete(key);
    entry.bytes += added.reduce((n, b) => n + b.length, 0);
    const ttl = entry.expires - now();
    if (live && ttl > 0) lru.set(key, entry, ttl);
  }
}

export type PageCache = ReturnType<typeof createPageCache>;
