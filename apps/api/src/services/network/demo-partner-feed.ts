import type { NetworkConfig } from './network-config';

/** One item of `/static/tf/videos.{key}.json`: a partner's video the slider links to. */
export interface PartnerVideo {
  title: string;
  url: string;
  thumb: string;
  /** Seconds. */
  duration: number;
}

const DEMO_ITEMS = 40;
const WORDS_A = ['Velvet', 'Amber', 'Moonlit', 'Dusty', 'Golden', 'Faded', 'Silver', 'Scarlet'];
const WORDS_B = ['Matinee', 'Boulevard', 'Serenade', 'Postcard', 'Riviera', 'Cabaret', 'Waltz', 'Harbor'];
const PALETTES = [
  ['#3a2618', '#8a5a32'],
  ['#1b2433', '#4b6382'],
  ['#2e1420', '#7a3050'],
  ['#16291f', '#3f7a5c'],
  ['#2b2b2b', '#7d7d7d'],
];

/** Synthetic partner videos for the demo network: invented titles on the sister sites, drawn thumbnails. */
export function demoPartnerFeed(network: NetworkConfig): PartnerVideo[] {
  const sites = network.sisterSites.length > 0 ? network.sisterSites : network.partnerLinks;
  return Array.from({ length: DEMO_ITEMS }, (_, i) => {
    const site = sites[i % Math.max(sites.length, 1)];
    const title = `${WORDS_A[i % WORDS_A.length]} ${WORDS_B[(i * 3 + 1) % WORDS_B.length]} ${1950 + ((i * 7) % 40)}`;
    return {
      title,
      url: site ? new URL(`/videos/${i + 1}/`, site.url).href : `https://partner.example/videos/${i + 1}/`,
      thumb: `/static/tf/thumbs/demo-${i + 1}.svg`,
      duration: 240 + ((i * 137) % 1800),
    };
  });
}

/** A 320×180 drawn thumbnail for demo item `n`: a gradient, a film frame and the item's number. */
export function demoPartnerThumb(n: number): string {
  const [from, to] = PALETTES[n % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#g)"/>
<g fill="#000" opacity=".35">${Array.from({ length: 10 }, (_, i) => `<rect x="${8 + i * 32}" y="6" width="16" height="10" rx="2"/><rect x="${8 + i * 32}" y="164" width="16" height="10" rx="2"/>`).join('')}</g>
<circle cx="160" cy="90" r="34" fill="none" stroke="#f3d9a8" stroke-width="4" opacity=".8"/>
<path d="M150 72v36l30-18z" fill="#f3d9a8" opacity=".9"/>
<text x="306" y="154" text-anchor="end" font-family="Georgia,serif" font-size="18" fill="#f3d9a8" opacity=".8">#${n}</text>
</svg>`;
}
