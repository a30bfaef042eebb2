import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { writeAgeCookie } from '../age/age-cookie';
import { pageAgeGate } from '../age/age-gate.page';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import { isSecure } from '../lib/session-cookie';
import { type PageNetwork, pageNetwork } from '../network/network-config';
import { trpcContext } from '../trpc/context';
import { createCaller } from '../trpc/root';
import type { PageContext } from './context';

/** Serves the react-router SSR build; loaders reach services only through the tRPC server-side caller. */
export function pagesHandler(
  webBuildDir: string,
  defaultCountry: string,
  origin: string,
  uploadChunkBytes: number,
  config: Pick<Config, 'publicOrigin' | 'trustProxy' | 'records2257' | 'network'>,
) {
  const serverEntry = join(webBuildDir, 'server', 'index.js');
  type Handler = (req: Request, ctx: PageContext) => Promise<Response>;
  let handler: Handler | null = null;
  const networkByLang = new Map<string, PageNetwork>();

  return async (c: Context<AppEnv>) => {
    if (!handler) {
      if (!existsSync(serverEntry)) return c.text('The web app is not built: run npm run build', 503);
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      handler = createRequestHandler(build, 'production') as unknown as Handler;
    }
    const age = pageAgeGate(c);
    const ctx: PageContext = {
      api: createCaller(trpcContext(c, defaultCountry)),
      viewer: c.var.viewer,
      lang: c.var.lang,
      country: c.var.country,
      gender: c.var.gender,
      requestId: c.var.requestId,
      origin,
      externalSignIn: c.var.services.external.enabled,
      uploadChunkBytes,
      network:
        networkByLang.get(c.var.lang) ??
        networkByLang.set(c.var.lang, pageNetwork(config.network, c.var.lang)).get(c.var.lang)!,
      ageGate: age.gate,
      records2257: config.records2257,
      // Set by the security headers middleware, which puts the same nonce in the CSP header.
      nonce: c.get('secureHeadersNonce') ?? '',
    };
    const response = await handler(c.req.raw, ctx);
    // A member's page shows their name, counts and lists: never stored by a browser or proxy cache.
    if (ctx.viewer.memberId !== null) response.headers.set('Cache-Control', 'private, no-store');
    if (!age.renewedCookie) return response;
    // Cookies set on the context before this point would not reach a Response made elsewhere.
    c.res = response;
    writeAgeCookie(c, age.renewedCookie, isSecure(c, config));
    return c.res;
  };
}
