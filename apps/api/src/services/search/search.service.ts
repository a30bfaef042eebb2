import type { Gender } from '@vt/rules';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { VideoThumb } from '../videos/video.dto';
import type { VideoListing } from '../videos/video-listing.service';
import type { SearchRepository } from './search.repository';
import { queryTerms, SEARCH_MAX, type SearchEngine, type SearchQuery } from './search-engine';

export interface Suggestions {
  keywords: string[];
  categories: { dir: string; title: string; totalVideos: number }[];
  models: { dir: string; title: string; totalVideos: number }[];
}

const SUGGEST_LIMIT = 8;
/** Videos per engine.index call of a full re-index. */
const REINDEX_BATCH = 5000;

/**
 * Search and the suggester over whichever engine is configured. Index changes go through the job queue,
 * so a write (publish, edit, takedown, delete) never waits on, or fails with, the search engine.
 */
export function createSearchService({
  repo,
  clock,
  engine,
  listing,
  jobs,
}: {
  repo: SearchRepository;
  clock: Clock;
  engine: SearchEngine;
  listing: VideoListing;
  jobs: JobQueue;
}) {
  return {
    engine,

    /** One page of results as thumbs; a first page with results counts the query for the suggester. */
    async search(q: SearchQuery): Promise<Listing<VideoThumb>> {
      const r = await engine.search(q);
      const normalized = queryTerms(q.text).join(' ');
      if (q.page === 1 && r.total > 0 && normalized.length >= 3)
        await repo.countSearch(normalized, r.total, clock.now());
      return {
        items: await listing.fetchThumbs(r.ids),
        totalCount: r.total,
        page: q.page,
        pages: Math.ceil(r.total / q.count),
      };
    },

    /** Keywords (popular searches and title terms, then titles), categories and models for 3+ characters. */
    async suggest(text: string, lang: string, gender: Gender): Promise<Suggestions> {
      // What the search box can hold: a longer text only makes LIKE patterns SQLite refuses (a 500).
      const c = queryTerms(text.slice(0, SEARCH_MAX)).join(' ');
      if (c.length < 3) return { keywords: [], categories: [], models: [] };
      const keywords = await repo.keywordsByPrefix(c, SUGGEST_LIMIT);
      if (keywords.length < SUGGEST_LIMIT) {
        for (const title of await engine.suggest(c, gender, SUGGEST_LIMIT)) {
          const k = title.toLowerCase();
          if (!keywords.includes(k) && keywords.length < SUGGEST_LIMIT) keywords.push(k);
        }
      }
      const [categories, models] = await Promise.all([
        repo.categoriesByPrefix(gender, lang, c, 5),
        repo.modelsByPrefix(gender, c, 5),
      ]);
      return { keywords, categories, models };
    },

    /** Queues re-indexing (publish, edit, takedown, delete all re-index: unlisted videos leave the index). */
    async queueIndex(videoIds: readonly number[]): Promise<void> {
      for (let i = 0; i < videoIds.length; i += 500)
        await jobs.enqueue('search.index', { videoIds: videoIds.slice(i, i + 500) }, { priority: 5 });
    },

    /**
     * Rebuilds the engine's index from the database (`npm run search:reindex`, and at start when it is
     * empty): listed videos are indexed, the others leave it. Returns how many videos were sent.
     */
    async reindexAll(progress?: (done: number, total: number) => void): Promise<number> {
      await engine.init();
      if (engine.rebuild) return engine.rebuild(progress);
      const ids = await repo.videoIds();
      for (let i = 0; i < ids.length; i += REINDEX_BATCH) {
        await engine.index(ids.slice(i, i + REINDEX_BATCH));
        progress?.(Math.min(ids.length, i + REINDEX_BATCH), ids.length);
      }
      return ids.length;
    },

    /** Title terms for the suggester: the most frequent words of listed titles (a daily job). */
    async refreshTitleKeywords(limit = 1000): Promise<number> {
      const counts = new Map<string, number>();
      for (const title of await repo.listedTitles(200_000))
        for (const w of queryTerms(title))
          if (w.length >= 4 && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit);
      await repo.upsertTitleKeywords(top, clock.now());
      return top.length;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
