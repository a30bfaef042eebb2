import type { VideoSort } from '@vt/rules';
import { Meilisearch } from 'meilisearch';
import type { SearchRepository } from './search.repository';
import type { SearchDocument } from './search-documents';
import type { SearchEngine, SearchQuery } from './search-engine';

export const MEILI_INDEX = 'videos';

const SORT_FIELD: Record<VideoSort, string> = {
  'latest-updates': 'post_date',
  longest: 'duration_sec',
  'most-commented': 'comments_count',
  'most-viewed': 'video_viewed',
  'top-rated': 'rating',
  'most-popular': 'popularity',
};
const POPULAR_BY_DATE = {
  all: 'popularity',
  day: 'views_day',
  week: 'views_week',
  month: 'views_month',
} as const;
const quote = (v: string) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** Meilisearch, when MEILI_HOST is set: the same contract as FTS5, settings applied at start. */
export function createMeiliEngine(opts: {
  repo: Pick<SearchRepository, 'documents'>;
  host: string;
  apiKey?: string;
  synonyms?: Record<string, string[]>;
  index?: string;
}): SearchEngine {
  const client = new Meilisearch({ host: opts.host, apiKey: opts.apiKey });
  const index = client.index<SearchDocument>(opts.index ?? MEILI_INDEX);

  return {
    name: 'meilisearch',

    async isEmpty() {
      return (await index.getStats()).numberOfDocuments === 0;
    },

    async init() {
      await client.createIndex(index.uid, { primaryKey: 'id' }).waitTask();
      await index
        .updateSettings({
          searchableAttributes: ['title', 'models', 'categories', 'description'],
          filterableAttributes: ['gender', 'categoryDirs', 'modelDirs', 'durationBucket', 'isHd'],
          sortableAttributes: [
            ...new Set(['id', ...Object.values(SORT_FIELD), ...Object.values(POPULAR_BY_DATE)]),
          ],
          // Exactness early: an exact title beats a looser match.
          rankingRules: ['words', 'exactness', 'typo', 'proximity', 'attribute', 'sort'],
          typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
          synonyms: opts.synonyms ?? {},
        })
        .waitTask();
    },

    async index(ids) {
      const docs = await opts.repo.documents(ids);
      const listed = new Set(docs.map((d) => d.id));
      if (docs.length) await index.addDocuments(docs).waitTask();
      const gone = ids.filter((id) => !listed.has(id));
      if (gone.length) await index.deleteDocuments(gone).waitTask();
    },

    async remove(ids) {
      if (ids.length) await index.deleteDocuments([...ids]).waitTask();
    },

    async search(q: SearchQuery) {
      const f = q.filters;
      const filter = [`gender = ${quote(f.gender)}`];
      if (f.duration) filter.push(`durationBucket = ${f.duration}`);
      if (f.hdOnly) filter.push('isHd = 1');
      for (const dir of f.categories ?? []) filter.push(`categoryDirs = ${quote(dir)}`);
      if (f.model) filter.push(`modelDirs = ${quote(f.model)}`);
      const sort =
        q.sort === 'relevance'
          ? undefined
          : [`${q.sort === 'most-popular' ? POPULAR_BY_DATE[f.date] : SORT_FIELD[q.sort]}:desc`, 'id:desc'];
      const r = await index.search(q.text.trim(), {
        filter,
        sort,
        page: q.page,
        hitsPerPage: q.count,
        attributesToRetrieve: ['id'],
      });
      return { ids: r.hits.map((h) => h.id), total: r.totalHits ?? 0 };
    },

    async suggest(text, gender, limit) {
      const r = await index.search(text.trim(), {
        filter: [`gender = ${quote(gender)}`],
        attributesToSearchOn: ['title'],
        limit,
        attributesToRetrieve: ['title'],
      });
      return [...new Set(r.hits.map((h) => h.title))];
    },
  };
}
