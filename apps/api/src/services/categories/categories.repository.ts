import type { Database, DataLayer } from '@vt/db';
import type { Gender } from '@vt/rules';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import { hiddenVersionsCount } from '../videos/videos.repository';

type FromCategories = ExpressionBuilder<Database, 'categories'>;

/** A category's title in the language, else in English, else its dir. */
const titleIn = (lang: string) => (eb: FromCategories) =>
  eb.fn
    .coalesce(
      eb
        .selectFrom('category_titles as t')
        .select('t.title')
        .whereRef('t.category_id', '=', 'categories.id')
        .where('t.lang', '=', lang),
      eb
        .selectFrom('category_titles as en')
        .select('en.title')
        .whereRef('en.category_id', '=', 'categories.id')
        .where('en.lang', '=', 'en'),
      eb.ref('categories.dir'),
    )
    .as('title');

/** The catalogue's SQL (ADR 0041): categories with their titles and totals, the keyword cloud, countries. */
export function createCategoriesRepository({ db }: Pick<DataLayer, 'db'>) {
  const withTotals = (lang: string, total: () => RawBuilder<number>) =>
    db
      .selectFrom('categories')
      .select((eb) => ['categories.id', 'categories.dir', titleIn(lang)(eb), total().as('totalVideos')])
      .orderBy('totalVideos', 'desc')
      .orderBy('categories.id')
      .execute();

  return {
    /** Every category with its listed videos in an orientation, from the listing facets (the listings' own totals). */
    videoTotals(gender: Gender, lang: string) {
      // The facets count a version group's hidden versions; the category's listing shows the group once.
      return withTotals(
        lang,
        () => sql<number>`coalesce((SELECT cast(sum(f.videos) AS bigint) FROM listing_facets f
          WHERE f.category_id = categories.id AND f.gender = ${gender}), 0) - ${hiddenVersionsCount(
            gender,
            sql`exists (select 1 from video_categories c where c.video_id = v.id and c.category_id = categories.id)`,
          )}`,
      );
    },

    /** Every category with its listed albums in an orientation. */
    albumTotals(gender: Gender, lang: string) {
      return withTotals(
        lang,
        () => sql<number>`(SELECT count(*) FROM album_categories ac JOIN albums a ON a.id = ac.album_id
          WHERE ac.category_id = categories.id AND a.gender = ${gender} AND a.status_id = 1 AND a.is_private = 0)`,
      );
    },

    /** The named categories' titles in the language (unknown dirs left out), in no particular order. */
    titled(dirs: readonly string[], lang: string) {
      if (dirs.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('categories')
        .select((eb) => ['categories.dir', titleIn(lang)(eb)])
        .where('categories.dir', 'in', dirs)
        .execute();
    },

    async allDirs(): Promise<string[]> {
      const rows = await db.selectFrom('categories').select('dir').orderBy('id').execute();
      return rows.map((r) => r.dir);
    },

    /** A random draw from the thousand most searched keywords. */
    async keywordCloud(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('search_keywords')
            .select('keyword')
            .orderBy('searches', 'desc')
            .limit(1000)
            .as('top'),
        )
        .select('top.keyword')
        .orderBy(sql`random()`)
        .limit(limit)
        .execute();
      return rows.map((r) => r.keyword);
    },

    /** Every country views were counted from. */
    async viewCountries(): Promise<string[]> {
      const rows = await db
        .selectFrom('video_country_views')
        .select('country')
        .distinct()
        .orderBy('country')
        .execute();
      return rows.map((r) => r.country);
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
