// Type-only bridge to the API's network configuration (NETWORK_CONFIG), plus the ad zones' fixed sizes.
export type { PageNetwork } from '../../../api/src/services/network/network-config';

/** Spec §9: the under-player ad is 728×128, scaled down on small screens. */
export const UNDER_PLAYER_AD = { width: 728, height: 128 } as const;
/** Spec §9: four 300×250 banners above the footer, two up to 767 px. */
export const FOOTER_AD = { width: 300, height: 250, count: 4 } as const;
/** A listing slot takes one thumb's place in the grid. */
export const LISTING_AD = { width: 300, height: 250 } as const;
/** How near the viewport an ad's box comes before its iframe is made (components/ad-frame.tsx). */
export const AD_ROOT_MARGIN = '300px 0px';

/**
 * The iframe sandbox of every ad: scripts and popups, never the site's origin, forms or top navigation.
 * The ad document's own CSP sandbox (api routes/ad-documents.routes.ts) says the same; both apply.
 */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
