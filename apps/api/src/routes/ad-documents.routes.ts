import { isLang } from '@vt/i18n';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AD_ZONES, type AdZone } from '../services/network/ad-document-url';
import type { NetworkConfig } from '../services/network/network-config';

/** The iframe sandbox of every ad: scripts and popups, never the site's origin, forms or top navigation. */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/**
 * The document an ad frame shows: the configured HTML, wrapped when it is a fragment. Links open in a new
 * tab (the sandbox allows popups).
 */
export function adDocument(html: string, lang: string): string {
  if (/^\s*(<!doctype|<html)/i.test(html)) return html;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}</style></head><body>${html}</body></html>`;
}

/**
 * Ad documents at their own URLs (docs/decisions/0017-content-security-policy.md): a srcdoc frame would
 * inherit the page's strict policy and block the ad network's scripts, so each ad gets its own policy,
 * which also sandboxes it (an opaque origin, even when opened directly) and lets only this site frame it.
 */
export function adDocumentRoutes(network: NetworkConfig) {
  const app = new Hono<AppEnv>();
  const zoneAds = (zone: AdZone): string[] => {
    const ads = network.ads;
    if (zone === 'under-player') return ads.underPlayer ? [ads.underPlayer] : [];
    return zone === 'footer' ? ads.footer : (ads.listing?.html ?? []);
  };
  app.get('/ads/:lang/:zone/:file', (c) => {
    const { lang, zone, file } = c.req.param();
    const index = /^(\d{1,2})\.html$/.exec(file);
    const html =
      isLang(lang) && (AD_ZONES as readonly string[]).includes(zone) && index
        ? zoneAds(zone as AdZone)[Number(index[1])]
        : undefined;
    if (html === undefined) return c.text('Not found', 404);
    return c.html(adDocument(html, lang), 200, {
      'Content-Security-Policy': `sandbox ${AD_SANDBOX}; frame-ancestors 'self'`,
      'Cache-Control': 'public, max-age=3600',
      'Referrer-Policy': 'no-referrer',
    });
  });
  return app;
}
