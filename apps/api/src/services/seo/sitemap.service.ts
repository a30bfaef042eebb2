import { LANGS } from '@vt/i18n';
import { GENDERS } from '@vt/rules';
import type Database from 'better-sqlite3';
import { albumUrl } from '../albums/album.service';
import { channelUrl } from '../channels/channel.service';
import type { MediaUrls } from '../media/media-urls.service';
import { videoUrl } from '../videos/video-row';
import { notAVersion } from '../videos/video-versions.service';

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

const PAGED = ['videos', 'models', 'albums'] as const;
type PagedKind = (typeof PAGED)[number];

/** Only what a visitor may see: the same conditions the listings use. */
const LISTED: Record<PagedKind, string> = {
  // A version group is one entry, its canonical page (ADR 0035).
  videos: `status_id = 1 AND is_private = 0 AND ${notAVersion('videos')}`,
  models: 'videos_count > 0',
  albums: 'status_id = 1 AND is_private = 0',
};

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

interface VideoRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration_sec: number;
  post_date: number;
  video_viewed: number;
  media_path: string | null;
}

export interface SitemapDeps {
  sqlite: Database.Database;
  urls: MediaUrls;
  /** PUBLIC_ORIGIN: sitemaps must name absolute URLs. */
  origin: string;
}

/**
 * XML sitemaps: an index, the entry pages and categories (with their `hreflang` alternates), and paged
 * files of videos (Google's video extension; the player is the public embed page, never a signed media
 * URL), models and albums. Files are produced in chunks so a route can stream them.
 */
export function createSitemaps({ sqlite, urls, origin }: SitemapDeps) {
  const abs = (path: string) => xmlEscape(`${origin}${path}`);

  const maxId = Object.fromEntries(
    PAGED.map((kind) => [kind, sqlite.prepare(`SELECT max(id) FROM ${kind}`).pluck()]),
  ) as Record<PagedKind, Database.Statement>;
  const anyListed = Object.fromEntries(
    PAGED.map((kind) => [
      kind,
      sqlite.prepare(`SELECT 1 FROM ${kind} WHERE id >= ? AND id < ? AND ${LISTED[kind]} LIMIT 1`).pluck(),
    ]),
  ) as Record<PagedKind, Database.Statement>;

  const videoBatch = sqlite.prepare(
    `SELECT id, dir, title, description, duration_sec, post_date, video_viewed, media_path FROM videos
     WHERE id > ? AND id < ? AND ${LISTED.videos} ORDER BY id LIMIT ${BATCH}`,
  );
  const modelBatch = sqlite.prepare(
    `SELECT id, dir FROM models WHERE id > ? AND id < ? AND ${LISTED.models} ORDER BY id LIMIT ${BATCH}`,
  );
  const albumBatch = sqlite.prepare(
    `SELECT id, dir, post_date FROM albums WHERE id > ? AND id < ? AND ${LISTED.albums} ORDER BY id LIMIT ${BATCH}`,
  );
  const channelDirs = sqlite
    .prepare(
      'SELECT c.dir FROM channels c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.channel_id = c.id AND v.status_id = 1 AND v.is_private = 0) ORDER BY c.id',
    )
    .pluck();
  const categoryDirs = sqlite
    .prepare('SELECT dir FROM categories WHERE total_videos > 0 ORDER BY sort_order, id')
    .pluck();

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
  function* batches<T extends { id: number }>(stmt: Database.Statement, from: number, to: number) {
    let after = from - 1;
    for (;;) {
      const rows = stmt.all(after, to) as T[];
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
  function fileNumbers(kind: PagedKind): number[] {
    const max = (maxId[kind].get() as number | null) ?? -1;
    const out: number[] = [];
    for (let n = 1; (n - 1) * SITEMAP_IDS_PER_FILE <= max; n++) {
      if (anyListed[kind].get(...range(n))) out.push(n);
    }
    return out;
  }

  function* pagedFile(kind: PagedKind, n: number): Generator<string> {
    const [from, to] = range(n);
    if (kind === 'videos') {
      yield `${URLSET_OPEN} xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">\n`;
      for (const rows of batches<VideoRow>(videoBatch, from, to)) yield rows.map(videoEntry).join('');
    } else if (kind === 'models') {
      yield `${URLSET_OPEN}>\n`;
      for (const rows of batches<{ id: number; dir: string }>(modelBatch, from, to))
        yield rows.map((m) => `<url><loc>${abs(`/model/${m.dir}/`)}</loc></url>\n`).join('');
    } else {
      yield `${URLSET_OPEN}>\n`;
      for (const rows of batches<{ id: number; dir: string; post_date: number }>(albumBatch, from, to))
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
    index(): string {
      const files = [
        '/sitemaps/pages.xml',
        '/sitemaps/categories.xml',
        '/sitemaps/channels.xml',
        ...PAGED.flatMap((kind) => fileNumbers(kind).map((n) => `/sitemaps/${kind}-${n}.xml`)),
      ];
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
    file(name: string): Iterable<string> | null {
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
          ...(channelDirs.all() as string[]).map((dir) => localizedUrl(channelUrl(dir))),
          URLSET_CLOSE,
        ];
      if (name === 'categories')
        return [
          LOCALIZED_OPEN,
          ...(categoryDirs.all() as string[]).map((dir) =>
            localizedUrl(`/categories/${dir}/latest-updates/1/`),
          ),
          URLSET_CLOSE,
        ];
      const paged = /^(videos|models|albums)-([1-9]\d{0,5})$/.exec(name);
      if (!paged) return null;
      const kind = paged[1] as PagedKind;
      const n = Number(paged[2]);
      if (range(n)[0] > ((maxId[kind].get() as number | null) ?? -1)) return null;
      return pagedFile(kind, n);
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
