/**
 * Crawlers may fetch every public page, image and the embed player (a video sitemap's player location),
 * but not the APIs, signed media, member-only or personal pages, or endless search-result combinations.
 */
const DISALLOW = [
  '/api/',
  '/trpc/',
  '/media/',
  '/download/',
  '/timelines/',
  '/search/',
  '/history/',
  '/messages/',
  '/member_edit/',
  '/add-video/',
  '/create-album/',
  '/moderation/',
  '/login/',
  '/register/',
  '/confirm/',
  '/restore/',
  '/restore-/',
  '/members/*/history/',
  '/members/*/watch_later_videos/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
