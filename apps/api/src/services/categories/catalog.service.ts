import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import { TtlMemo } from '../../lib/lru-cache';
import type { PublicCaches } from '../shared/public-caches';
import type { CategoryInfo, MainStats } from './category.dto';

const TOP_CATEGORIES = 40;
const TOP_MODELS = 20;
const KEYWORDS = 100;
/** The header's Categories and Pornstars menus (the tag strip shows the first 8 categories). */
const SHELL_CATEGORIES = 12;
const SHELL_MODELS = 10;

export function createCatalogService({
  sqlite,
  caches,
}: {
  sqlite: Database.Database;
  caches?: PublicCaches;
}) {
  // Per-orientation totals: videos from the listing facets, albums counted from their listed rows.
  const videoCategories = sqlite.prepare(
    `SELECT c.id, c.dir, coalesce(t.title, en.title, c.dir) AS title,
       coalesce((SELECT sum(f.videos) FROM listing_facets f WHERE f.category_id = c.id AND f.gender = ?), 0) AS totalVideos
     FROM categories c
       LEFT JOIN category_titles t ON t.category_id = c.id AND t.lang = ?
       LEFT JOIN category_titles en ON en.category_id = c.id AND en.lang = 'en'
     ORDER BY totalVideos DESC, c.id`,
  );
  const albumCategories = sqlite.prepare(
    `SELECT c.id, c.dir, coalesce(t.title, en.title, c.dir) AS title,
       (SELECT count(*) FROM album_categories ac JOIN albums a ON a.id = ac.album_id
        WHERE ac.category_id = c.id AND a.gender = ? AND a.status_id = 1 AND a.is_private = 0) AS totalVideos
     FROM categories c
       LEFT JOIN category_titles t ON t.category_id = c.id AND t.lang = ?
       LEFT JOIN category_titles en ON en.category_id = c.id AND en.lang = 'en'
     ORDER BY totalVideos DESC, c.id`,
  );
  const titled = sqlite.prepare(
    `SELECT c.dir, coalesce(t.title, en.title, c.dir) AS title FROM categories c
       LEFT JOIN category_titles t ON t.category_id = c.id AND t.lang = ?
       LEFT JOIN category_titles en ON en.category_id = c.id AND en.lang = 'en'
     WHERE c.dir IN (SELECT value FROM json_each(?))`,
  );
  const models = sqlite.prepare(
    `SELECT dir, title, videos_count AS totalVideos FROM models WHERE gender = ? ORDER BY popularity DESC, id LIMIT ?`,
  );
  const keywords = sqlite
    .prepare(
      `SELECT keyword FROM (SELECT keyword FROM search_keywords ORDER BY searches DESC LIMIT 1000)
       ORDER BY random() LIMIT ?`,
    )
    .pluck();
  const countries = sqlite
    .prepare('SELECT DISTINCT country FROM video_country_views ORDER BY country')
    .pluck();
  const countryMemo = new TtlMemo<string[]>(10 * 60_000);
  // Every page shows these; a minute old is fresh enough for a menu.
  const shellMemo = new TtlMemo<Pick<MainStats, 'categories' | 'models'>>(60_000);
  // Its counts change with what is listed: a publish or takedown clears it with every other cache.
  caches?.register(() => shellMemo.clear());

  // One source for every category count shown (landing, menus, main JSON, index): the listing facets,
  // which the listings' own totals read too, so a count never disagrees with the listing it links to.
  const listCategories = (gender: Gender, lang: string, limit = 1000) =>
    (videoCategories.all(gender, lang) as CategoryInfo[]).slice(0, limit);
  const listCountries = () =>
    countryMemo.getOrCompute('all', () => (countries.all() as string[]).filter((c) => c !== 'xx'));

  return {
    categories: listCategories,

    /** The named categories' titles in the language, in the order asked, unknown dirs left out. */
    named(dirs: readonly string[], lang: string): { dir: string; title: string }[] {
      const rows = titled.all(lang, JSON.stringify(dirs)) as { dir: string; title: string }[];
      return dirs.flatMap((d) => rows.filter((r) => r.dir === d));
    },
    countries: listCountries,

    /** Every category with its total for one orientation: `total_videos` counts albums for `albums`. */
    categoriesFor(section: 'videos' | 'albums', gender: Gender, lang: string): CategoryInfo[] {
      return (section === 'videos' ? videoCategories : albumCategories).all(gender, lang) as CategoryInfo[];
    },

    /** The top categories and models of the header menus and the tag strip. */
    shell(gender: Gender, lang: string): Pick<MainStats, 'categories' | 'models'> {
      return shellMemo.getOrCompute(`${gender}.${lang}`, () => ({
        categories: listCategories(gender, lang, SHELL_CATEGORIES),
        models: models.all(gender, SHELL_MODELS) as MainStats['models'],
      }));
    },

    main(gender: Gender, lang: string): MainStats {
      return {
        categories: listCategories(gender, lang, TOP_CATEGORIES),
        models: models.all(gender, TOP_MODELS) as MainStats['models'],
        keywords: keywords.all(KEYWORDS) as string[],
        countries: listCountries(),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
