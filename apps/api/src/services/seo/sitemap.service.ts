import { LANGS } from '@vt/i18n';
import { GENDERS } from '@vt/rules';
import { albumUrl } from '../albums/album.service';
import { channelUrl } from '../channels/channel.service';
import type { MediaUrls } from '../media/media-urls.service';
import { videoUrl } from '../videos/video-row';
import { PAGED, type PagedKind, type SitemapRepository } from './sitemap.repository';

/**
 * Each paged sitemap file covers a fixed range of ids, so an entry never moves between files and a
 * file is one primary-key range scan (no OFFSET). 10,000 ids keep a video file near 7 MB, well under
 * the protocol's 50,000 URLs and 50 MB.
 */
export const SITEMAP_IDS_PER_FILE = 10_000;
/** Rows per query: between batches the connection is free for other requests. */
const BATCH = 1000;
/** Google reads at most this much of a video description. */
const DESCRIPTION_MAX = 2048;

/** Indexable entry pages (the canonical form of each listing's first page). */
const STATIC_PAGES = [
  '/',
  '/videos/latest-updates/1/',
  '/videos/top-rated/1/',
  '/videos/most-popular/1/',
  '/videos/most-viewed/1/',
  '/videos/most-commented/1/',
  '/videos/longest/1/',
  '/categories/',
  '/models/most-popular/1/',
  '/albums/latest-updates/1/',
  '/playlists/most-popular/1/',
  '/community/recent/1/',
  '/information/',
  '/sitemap-page/',
];

/** Entry pages whose content depends on the orientation (the others are the same in all three). */
const ORIENTED_PAGES = STATIC_PAGES.filter(
  (path) => !['/community/recent/1/', '/information/', '/sitemap-page/'].includes(path),
);
const OTHER_ORIENTATIONS = GENDERS.filter((g) => g !== 'straight');

// XML 1.0 allows neither C0 controls (but tab, LF, CR) nor lone surrogates or U+FFFE/U+FFFF.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

const isoTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toISOString().replace('.000Z', '+00:00');

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const URLSET_CLOSE = '</urlset>\n';

type VideoRow = Awaited<ReturnType<SitemapRepository['videos']>>[number];

export interface SitemapDeps {
  repo: SitemapRepository;
  urls: MediaUrls;
  /** PUBLIC_ORIGIN: sitemaps must name absolute URLs. */
  origin: string;
}

/**
 * XML sitemaps: an index, the entry pages and categories (with their `hreflang` alternates), and paged
 * files of videos (Google's video extension; the player is the public embed page, never a signed media
 * URL), models and albums. Files are produced in chunks so a route can stream them.
 */
export function createSitemaps({ repo, urls, origin }: SitemapDeps) {
  const abs = (path: string) => xmlEscape(`${origin}${path}`);

  /** `<url>` with its language versions: English is the plain URL, others add `?lang=xx`. */
  function localizedUrl(path: string): string {
    const alternates = LANGS.map((lang) => {
      // `abs` escapes, so the `&` joining a second parameter is written raw here.
      const href = lang === 'en' ? abs(path) : abs(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      return `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`;
    }).join('');
    return `<url><loc>${abs(path)}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${abs(path)}"/></url>\n`;
  }

  function videoEntry(v: VideoRow): string {
    const loc = `<loc>${abs(videoUrl(v.id, v.dir))}</loc>`;
    // Without processed media there is nothing to play and no thumbnail: a plain page entry.
    if (!v.media_path) return `<url>${loc}</url>\n`;
    const description = (v.description.trim() || v.title).slice(0, DESCRIPTION_MAX);
    return (
      `<url>${loc}<video:video>` +
      `<video:thumbnail_loc>${abs(urls.image(v.media_path, 'thumb.jpg'))}</video:thumbnail_loc>` +
      `<video:title>${xmlEscape(v.title)}</video:title>` +
      `<video:description>${xmlEscape(description)}</video:description>` +
      `<video:player_loc>${abs(`/embed/${v.id}/${v.dir}/`)}</video:player_loc>` +
      `<video:duration>${Math.max(1, Math.min(28800, v.duration_sec))}</video:duration>` +
      `<video:view_count>${v.video_viewed}</video:view_count>` +
      `<video:publication_date>${isoTime(v.post_date)}</video:publication_date>` +
      '<video:family_friendly>no</video:family_friendly>' +
      '</video:video></url>\n'
    );
  }

  /** Keyset batches of one id range [from, to). */
  async function* batches<T extends { id: number }>(
    read: (after: number, to: number, limit: number) => Promise<T[]>,
    from: number,
    to: number,
  ) {
    let after = from - 1;
    for (;;) {
      const rows = await read(after, to, BATCH);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }

  function range(n: number): [number, number] {
    return [(n - 1) * SITEMAP_IDS_PER_FILE, n * SITEMAP_IDS_PER_FILE];
  }

  /** The numbers of the files of one kind that hold at least one listed entry. */
  async function fileNumbers(kind: PagedKind): Promise<number[]> {
    const max = (await repo.maxId(kind)) ?? -1;
    const out: number[] = [];
    for (let n = 1; (n - 1) * SITEMAP_IDS_PER_FILE <= max; n++) {
      if (await repo.anyListed(kind, ...range(n))) out.push(n);
    }
    return out;
  }

  async function* pagedFile(kind: PagedKind, n: number): AsyncGenerator<string> {
    const [from, to] = range(n);
    if (kind === 'videos') {
      yield `${URLSET_OPEN} xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n`;
      for await (const rows of batches(repo.videos, from, to)) yield rows.map(videoEntry).join('');
    } else if (kind === 'models') {
      yield `${URLSET_OPEN}>\n`;
      for await (const rows of batches(repo.models, from, to))
        yield rows.map((m) => `<url><loc>${abs(`/model/${m.dir}/`)}</loc></url>\n`).join('');
    } else {
      yield `${URLSET_OPEN}>\n`;
      for await (const rows of batches(repo.albums, from, to))
        yield rows
          .map(
            (a) =>
              `<url><loc>${abs(albumUrl(a.id, a.dir))}</loc><lastmod>${isoTime(a.post_date)}</lastmod></url>\n`,
          )
          .join('');
    }
    yield URLSET_CLOSE;
  }

  const LOCALIZED_OPEN = `${URLSET_OPEN} xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;

  return {
    /** The sitemap index: entry pages, categories, channels, then every non-empty file of videos, models and albums. */
    async index(): Promise<string> {
      const files = ['/sitemaps/pages.xml', '/sitemaps/categories.xml', '/sitemaps/channels.xml'];
      for (const kind of PAGED)
        for (const n of await fileNumbers(kind)) files.push(`/sitemaps/${kind}-${n}.xml`);
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        files.map((path) => `<sitemap><loc>${abs(path)}</loc></sitemap>\n`).join('') +
        '</sitemapindex>\n'
      );
    },

    /**
     * One sitemap file by name (`pages`, `categories`, `videos-3`, …) as XML chunks; null when there is no
     * such file. An empty range still answers a valid, empty urlset.
     */
    async file(name: string): Promise<Iterable<string> | AsyncIterable<string> | null> {
      if (name === 'pages')
        return [
          LOCALIZED_OPEN,
          ...STATIC_PAGES.map(localizedUrl),
          // The same listings in the other orientations: each is its own indexable URL (ADR 0025).
          ...OTHER_ORIENTATIONS.flatMap((o) =>
            ORIENTED_PAGES.map((path) => localizedUrl(`${path}?orientation=${o}`)),
          ),
          URLSET_CLOSE,
        ];
      if (name === 'channels')
        return [
          LOCALIZED_OPEN,
          ...(await repo.channelDirs()).map((dir) => localizedUrl(channelUrl(dir))),
          URLSET_CLOSE,
        ];
      if (name === 'categories')
        return [
          LOCALIZED_OPEN,
          ...(await repo.categoryDirs()).map((dir) => localizedUrl(`/categories/${dir}/latest-updates/1/`)),
          URLSET_CLOSE,
        ];
      const paged = /^(videos|models|albums)-([1-9]\d{0,5})$/.exec(name);
      if (!paged) return null;
      const kind = paged[1] as PagedKind;
      const n = Number(paged[2]);
      if (range(n)[0] > ((await repo.maxId(kind)) ?? -1)) return null;
      return pagedFile(kind, n);
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
