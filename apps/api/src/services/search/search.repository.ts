import { type DataLayer, inIdList, textPrefixRange } from '@vt/db';
import type { Gender } from '@vt/rules';
import { sql } from 'kysely';
import { notAVersion } from '../videos/listing.repository';
import type { SearchDocument } from './search-documents';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/** How many keywords one statement upserts (4 parameters each, well under SQLite's limit). */
const KEYWORD_BATCH = 500;

/** `text` as the start of a LIKE pattern, its wildcards escaped with `\`. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search service's own data (the keyword statistics of the suggester, its category and model prefixes)
 * and the documents an external engine (PostgreSQL full text, Meilisearch) indexes. FTS5 keeps its own
 * index in SQLite (packages/db/src/queries/search-index.ts).
 */
export function createSearchRepository({ db, dialect }: Layer) {
  const groupBy = <T>(rows: { video_id: number; value: T }[]) => {
    const out = new Map<number, T[]>();
    for (const r of rows) out.set(r.video_id, [...(out.get(r.video_id) ?? []), r.value]);
    return out;
  };

  return {
    /** A query that found `results` videos: one more search of it, for the suggester. */
    async countSearch(keyword: string, results: number, now: number): Promise<void> {
      await db
        .insertInto('search_keywords')
        .values({ keyword, searches: 1, results, updated_at: now })
        .onConflict((oc) =>
          oc.column('keyword').doUpdateSet((eb) => ({
            searches: eb('search_keywords.searches', '+', 1),
            results: eb.ref('excluded.results'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** Keywords that start with `prefix` and found something, most searched first. */
    async keywordsByPrefix(prefix: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('search_keywords')
        .select('keyword')
        .where(textPrefixRange(dialect, 'keyword', prefix))
        .where('results', '>', 0)
        .orderBy('searches', 'desc')
        .orderBy('keyword')
        .limit(limit)
        .execute();
      return rows.map((r) => r.keyword);
    },

    /**
     * Categories whose title in `lang` starts with `prefix` (lower case), with their videos of the visitor's
     * orientation as the listing facets count them (docs/decisions/0024); those with none are left out.
     */
    categoriesByPrefix(gender: Gender, lang: string, prefix: string, limit: number) {
      return db
        .selectFrom('category_titles as ct')
        .innerJoin('categories as c', 'c.id', 'ct.category_id')
        .innerJoin('listing_facets as f', (j) =>
          j.onRef('f.category_id', '=', 'c.id').on('f.gender', '=', gender),
        )
        .select(['c.dir', 'ct.title', sql<number>`cast(sum(f.videos) as bigint)`.as('totalVideos')])
        .where('ct.lang', '=', lang)
        .where(sql<boolean>`lower(ct.title) like ${prefixPattern(prefix)} escape '\\'`)
        .groupBy(['c.id', 'c.dir', 'ct.title'])
        .having(sql<number>`sum(f.videos)`, '>', 0)
        .orderBy('totalVideos', 'desc')
        .orderBy('c.dir')
        .limit(limit)
        .execute();
    },

    /** Models of the visitor's orientation whose name starts with `prefix` (lower case), with videos. */
    modelsByPrefix(gender: Gender, prefix: string, limit: number) {
      return db
        .selectFrom('models')
        .select(['dir', 'title', 'videos_count as totalVideos'])
        .where('alphabet', '=', prefix.slice(0, 1))
        .where(sql<boolean>`lower(title) like ${prefixPattern(prefix)} escape '\\'`)
        .where('gender', '=', gender)
        .where('videos_count', '>', 0)
        .orderBy('videos_count', 'desc')
        .orderBy('dir')
        .limit(limit)
        .execute();
    },

    /** Every video's id, listed or not (a full re-index sends them all). */
    async videoIds(): Promise<number[]> {
      const rows = await db.selectFrom('videos').select('id').orderBy('id').execute();
      return rows.map((r) => r.id);
    },

    /** Titles of listed videos, newest first (the suggester's title terms are counted from them). */
    async listedTitles(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('title')
        .where('status_id', '=', 1)
        .where('is_private', '=', 0)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.title);
    },

    /** Title terms and how many titles have them, in one transaction; searched keywords keep their count. */
    async upsertTitleKeywords(terms: readonly (readonly [string, number])[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < terms.length; i += KEYWORD_BATCH)
          await trx
            .insertInto('search_keywords')
            .values(
              terms.slice(i, i + KEYWORD_BATCH).map(([keyword, results]) => ({
                keyword,
                searches: 0,
                results,
                from_titles: 1,
                updated_at: now,
              })),
            )
            .onConflict((oc) =>
              oc.column('keyword').doUpdateSet((eb) => ({
                results: eb.ref('excluded.results'),
                from_titles: 1,
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
      });
    },

    /** The documents of these videos that are listed; ids missing from the answer should leave the index. */
    async documents(ids: readonly number[]): Promise<SearchDocument[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('videos as v')
        .select([
          'v.id',
          'v.title',
          'v.description',
          'v.gender',
          'v.duration_bucket as durationBucket',
          'v.is_hd as isHd',
          'v.post_date',
          'v.duration_sec',
          'v.comments_count',
          'v.video_viewed',
          'v.rating',
          'v.popularity',
          'v.views_day',
          'v.views_week',
          'v.views_month',
        ])
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .where(notAVersion)
        .where(inIdList(dialect, 'v.id', ids))
        .orderBy('v.id')
        .execute();
      if (rows.length === 0) return [];
      const listed = rows.map((r) => r.id);
      const [models, categoryDirs, categoryTitles] = await Promise.all([
        db
          .selectFrom('video_models as vm')
          .innerJoin('models as m', 'm.id', 'vm.model_id')
          .select(['vm.video_id', 'm.title', 'm.dir'])
          .where(inIdList(dialect, 'vm.video_id', listed))
          .orderBy('vm.video_id')
          .orderBy('vm.model_id')
          .execute(),
        db
          .selectFrom('video_categories as vc')
          .innerJoin('categories as c', 'c.id', 'vc.category_id')
          .select(['vc.video_id', 'c.dir as value'])
          .where(inIdList(dialect, 'vc.video_id', listed))
          .orderBy('vc.video_id')
          .orderBy('vc.category_id')
          .execute(),
        // Every language's title of the video's categories, each once.
        db
          .selectFrom('video_categories as vc')
          .innerJoin('category_titles as ct', 'ct.category_id', 'vc.category_id')
          .select(['vc.video_id', 'ct.title as value'])
          .distinct()
          .where(inIdList(dialect, 'vc.video_id', listed))
          .orderBy('vc.video_id')
          .orderBy('ct.title')
          .execute(),
      ]);
      const modelTitles = groupBy(models.map((m) => ({ video_id: m.video_id, value: m.title })));
      const modelDirs = groupBy(models.map((m) => ({ video_id: m.video_id, value: m.dir })));
      const dirs = groupBy(categoryDirs);
      const titles = groupBy(categoryTitles);
      return rows.map((r) => ({
        ...r,
        description: r.description ?? '',
        models: modelTitles.get(r.id) ?? [],
        modelDirs: modelDirs.get(r.id) ?? [],
        categoryDirs: dirs.get(r.id) ?? [],
        categories: titles.get(r.id) ?? [],
      }));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
