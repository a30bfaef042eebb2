import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withoutTracking } from '@vt/rules';
import type { Context } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config';
import { writeAgeCookie } from '../http/age-cookie';
import type { AppEnv } from '../http/app-env';
import { asBytes } from '../http/compression';
import { isSecure, readSessionToken } from '../http/session-cookie';
import { pageAgeGate } from '../routes/age-gate.page';
import { type PageNetwork, pageNetwork } from '../services/network/network-config';
import { trpcContext } from '../trpc/context';
import { createCaller } from '../trpc/root';
import type { PageContext } from './context';
import { isCacheablePath, type PageAnswer, type PageCache, type PageEntry, pageKey } from './page-cache';

/** What the page cache keeps: documents and react-router's `.data` answers for client navigation. */
const CACHED_TYPES = /^text\/(html|x-script)/;

/**
 * The request as the page sees it: without the query parameters ads and mail tools add (tracking-params.ts),
 * so a page reached by an ad click is the page stored for everyone, rendered without the click's id.
 */
function pageRequestOf(raw: Request): { request: Request; pathAndQuery: string } {
  const url = new URL(raw.url);
  // An action's body stays with its own request.
  const reading = raw.method === 'GET' || raw.method === 'HEAD';
  const search = reading ? withoutTracking(url.search) : url.search;
  const pathAndQuery = url.pathname + search;
  if (search === url.search) return { request: raw, pathAndQuery };
  return {
    request: new Request(url.origin + pathAndQuery, {
      method: raw.method,
      headers: raw.headers,
      signal: raw.signal,
    }),
    pathAndQuery,
  };
}

type PageRequest = Parameters<PageCache['answer']>[2];

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const toResponse = (a: PageAnswer) =>
  new Response(a.body && asBytes(a.body), { status: a.status, headers: a.headers });

/** Serves the react-router SSR build; loaders reach services only through the tRPC server-side caller. */
export function pagesHandler(
  webBuildDir: string,
  defaultCountry: string,
  origin: string,
  uploadChunkBytes: number,
  config: Pick<Config, 'publicOrigin' | 'trustProxy' | 'records2257' | 'network' | 'mediaStore'>,
  pageCache?: PageCache,
) {
  const serverEntry = join(webBuildDir, 'server', 'index.js');
  type Handler = (req: Request, ctx: PageContext) => Promise<Response>;
  let handler: Handler | null = null;
  const networkByLang = new Map<string, PageNetwork>();
  /** Renders under way by page key: a burst of visitors to a page that is not stored waits for one render. */
  const rendering = new Map<string, Promise<PageEntry | null>>();

  return async (c: Context<AppEnv>) => {
    if (!handler) {
      if (!existsSync(serverEntry)) return c.text('The web app is not built: run npm run build', 503);
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      handler = createRequestHandler(build, 'production') as unknown as Handler;
    }
    const age = pageAgeGate(c);
    // Set by the security headers middleware, which puts the same nonce in the CSP header.
    const nonce = c.get('secureHeadersNonce') ?? '';
    const method = c.req.method;
    const page = pageRequestOf(c.req.raw);
    // Only visitors without a session cookie share pages: a member's page is never stored nor served stored.
    const key =
      pageCache?.enabled &&
      (method === 'GET' || method === 'HEAD') &&
      c.var.viewer.memberId === null &&
      !readSessionToken(c) &&
      isCacheablePath(c.req.path)
        ? pageKey(page.pathAndQuery, {
            lang: c.var.lang,
            gender: c.var.gender,
            country: c.var.country,
            requestCountry: c.var.requestCountry,
            ageGate: age.gate,
          })
        : null;
    const request = {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
      head: method === 'HEAD',
    };
    const hit = key ? (pageCache!.get(key) ?? (await rendering.get(key))) : undefined;
    if (key && hit) {
      // A page past its TTL is sent as it is while one render replaces it (PAGE_CACHE_STALE): no visitor
      // waits for the render of a page that was stored, however many arrive as it expires.
      if (pageCache!.isStale(hit) && !rendering.has(key)) refresh(c, key, page.request, age, nonce);
      pageCache!.markServed(c.req.raw, hit);
      return withAgeCookie(c, toResponse(pageCache!.answer(key, hit, request)), age.renewedCookie);
    }
    if (!key || method !== 'GET' || rendering.has(key))
      return render(c, page.request, key, request, age, nonce, () => {});
    const done = deferred<PageEntry | null>();
    rendering.set(key, done.promise);
    try {
      return await render(c, page.request, key, request, age, nonce, done.resolve);
    } finally {
      rendering.delete(key);
      done.resolve(null);
    }
  };

  async function render(
    c: Context<AppEnv>,
    pageRequest: Request,
    key: string | null,
    request: PageRequest,
    age: ReturnType<typeof pageAgeGate>,
    nonce: string,
    stored: (entry: PageEntry | null) => void,
  ): Promise<Response> {
    const generation = pageCache?.generation ?? 0;
    const rendered = await renderPage(c, pageRequest, age, nonce);
    let response = rendered.response;
    const kept = key && c.req.method === 'GET' ? await keep(key, rendered, generation) : null;
    if (kept) {
      stored(kept.entry);
      if (kept.entry) pageCache!.markServed(c.req.raw, kept.entry);
      response = kept.entry
        ? toResponse(pageCache!.answer(key!, kept.entry, request))
        : new Response(asBytes(kept.body), response);
    }
    return withAgeCookie(c, response, age.renewedCookie);
  }

  /**
   * Renders a stale page again for the visitors after this one, who has been answered with it. The render
   * gets its own copy of the request, which the client's leaving cannot abort.
   */
  function refresh(
    c: Context<AppEnv>,
    key: string,
    pageRequest: Request,
    age: ReturnType<typeof pageAgeGate>,
    nonce: string,
  ): void {
    const done = deferred<PageEntry | null>();
    rendering.set(key, done.promise);
    const generation = pageCache!.generation;
    const request = new Request(pageRequest.url, { headers: pageRequest.headers });
    void renderPage(c, request, age, nonce)
      .then((rendered) => keep(key, rendered, generation))
      .then((kept) => done.resolve(kept?.entry ?? null))
      .catch((err: unknown) => c.var.log.error({ err }, 'page refresh failed'))
      .finally(() => {
        rendering.delete(key);
        done.resolve(null);
      });
  }

  async function renderPage(
    c: Context<AppEnv>,
    request: Request,
    age: ReturnType<typeof pageAgeGate>,
    nonce: string,
  ): Promise<{ response: Response; ctx: PageContext }> {
    const ctx: PageContext = {
      api: createCaller(trpcContext(c, defaultCountry)),
      viewer: c.var.viewer,
      lang: c.var.lang,
      country: c.var.country,
      gender: c.var.gender,
      requestId: c.var.requestId,
      logError: (err, stage) => c.var.log.error({ err, stage }, 'page failed'),
      origin,
      externalSignIn: c.var.services.external.enabled,
      mediaRedirects: config.mediaStore.kind === 's3',
      uploadChunkBytes,
      network:
        networkByLang.get(c.var.lang) ??
        networkByLang.set(c.var.lang, pageNetwork(config.network, c.var.lang)).get(c.var.lang)!,
      ageGate: age.gate,
      records2257: config.records2257,
      nonce,
    };
    const response = await handler!(request, ctx);
    // A member's page shows their name, counts and lists: never stored by a browser or proxy cache.
    if (ctx.viewer.memberId !== null) response.headers.set('Cache-Control', 'private, no-store');
    return { response, ctx };
  }

  /** Stores a rendered document or `.data` answer when it may be; null for any other answer. */
  async function keep(
    key: string,
    { response, ctx }: { response: Response; ctx: PageContext },
    generation: number,
  ): Promise<{ entry: PageEntry | null; body: Buffer } | null> {
    if (response.status !== 200 || !CACHED_TYPES.test(response.headers.get('content-type') ?? ''))
      return null;
    const body =
      ctx.rendered?.response === response ? ctx.rendered.body : Buffer.from(await response.arrayBuffer());
    return { entry: pageCache!.put(key, response, body, generation), body };
  }

  /** The renewed age cookie goes on this response only: a stored page never carries a cookie. */
  function withAgeCookie(c: Context<AppEnv>, response: Response, renewed: string | null): Response {
    if (!renewed) return response;
    // Cookies set on the context before this point would not reach a Response made elsewhere.
    c.res = response;
    writeAgeCookie(c, renewed, isSecure(c, config));
    return c.res;
  }
}
