// Type-only bridge to the API's network configuration (NETWORK_CONFIG), plus the ad zones' fixed sizes.
export type { PageNetwork } from '../../../api/src/network/network-config';

/** Spec §9: the under-player ad is 728×128, scaled down on small screens. */
export const UNDER_PLAYER_AD = { width: 728, height: 128 } as const;
/** Spec §9: four 300×250 banners above the footer, two up to 767 px. */
export const FOOTER_AD = { width: 300, height: 250, count: 4 } as const;
/** A listing slot takes one thumb's place in the grid. */
export const LISTING_AD = { width: 300, height: 250 } as const;

/**
 * The document an ad iframe shows. Ads run in a sandbox without `allow-same-origin`: an opaque origin that
 * can read neither this site's cookies nor its DOM. Links open in a new tab (the sandbox allows popups).
 */
export function adDocument(html: string, lang: string): string {
  if (/^\s*(<!doctype|<html)/i.test(html)) return html;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}</style></head><body>${html}</body></html>`;
}

/** The iframe sandbox of every ad: scripts and popups, never the site's origin, forms or top navigation. */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
