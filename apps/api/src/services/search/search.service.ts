import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { VideoThumb } from '../videos/video.dto';
import type { VideoListing } from '../videos/video-listing.service';
import { queryTerms, SEARCH_MAX, type SearchEngine, type SearchQuery } from './search-engine';

export interface Suggestions {
  keywords: string[];
  categories: { dir: string; title: string; totalVideos: number }[];
  models: { dir: string; title: string; totalVideos: number }[];
}

const SUGGEST_LIMIT = 8;

/**
 * Search and the suggester over whichever engine is configured. Index changes go through the job queue,
 * so a write (publish, edit, takedown, delete) never waits on, or fails with, the search engine.
 */
export function createSearchService({
  sqlite,
  clock,
  engine,
  listing,
  jobs,
}: {
  sqlite: Database.Database;
  clock: Clock;
  engine: SearchEngine;
  listing: VideoListing;
  jobs: JobQueue;
}) {
  const countSearch = sqlite.prepare(
    `INSERT INTO search_keywords (keyword, searches, results, updated_at) VALUES (?, 1, ?, ?)
     ON CONFLICT (keyword) DO UPDATE SET searches = searches + 1, results = excluded.results, updated_at = excluded.updated_at`,
  );
  const keywordsByPrefix = sqlite
    .prepare(
      `SELECT keyword FROM search_keywords WHERE keyword >= ? AND keyword < ? AND results > 0
       ORDER BY searches DESC LIMIT ?`,
    )
    .pluck();
  // Counts as the linked listings total them (docs/decisions/0024): a category's videos of the visitor's
  // orientation (the listing facets), a model's own count, for models of that orientation.
  const categoriesByPrefix = sqlite.prepare(
    `SELECT dir, title, totalVideos FROM (
       SELECT c.dir, ct.title, coalesce((SELECT sum(f.videos) FROM listing_facets f
         WHERE f.category_id = c.id AND f.gender = ?), 0) AS totalVideos
       FROM category_titles ct JOIN categories c ON c.id = ct.category_id
       WHERE ct.lang = ? AND lower(ct.title) LIKE ? ESCAPE '\\')
     WHERE totalVideos > 0 ORDER BY totalVideos DESC LIMIT ?`,
  );
  const modelsByPrefix = sqlite.prepare(
    `SELECT dir, title, videos_count AS totalVideos FROM models
     WHERE alphabet = ? AND title LIKE ? ESCAPE '\\' AND gender = ? AND videos_count > 0
     ORDER BY videos_count DESC LIMIT ?`,
  );
  const like = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  return {
    engine,

    /** One page of results as thumbs; a first page with results counts the query for the suggester. */
    async search(q: SearchQuery): Promise<Listing<VideoThumb>> {
      const r = await engine.search(q);
      const normalized = queryTerms(q.text).join(' ');
      if (q.page === 1 && r.total > 0 && normalized.length >= 3)
        countSearch.run(normalized, r.total, clock.now());
      return {
        items: listing.fetchThumbs(r.ids),
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
      const keywords = keywordsByPrefix.all(c, `${c}\uffff`, SUGGEST_LIMIT) as string[];
      if (keywords.length < SUGGEST_LIMIT) {
        for (const title of await engine.suggest(c, gender, SUGGEST_LIMIT)) {
          const k = title.toLowerCase();
          if (!keywords.includes(k) && keywords.length < SUGGEST_LIMIT) keywords.push(k);
        }
      }
      return {
        keywords,
        categories: categoriesByPrefix.all(gender, lang, like(c), 5) as Suggestions['categories'],
        models: modelsByPrefix.all(c[0], like(c), gender, 5) as Suggestions['models'],
      };
    },

    /** Queues re-indexing (publish, edit, takedown, delete all re-index: unlisted videos leave the index). */
    queueIndex(videoIds: readonly number[]): void {
      for (let i = 0; i < videoIds.length; i += 500)
        jobs.enqueueLater('search.index', { videoIds: videoIds.slice(i, i + 500) }, { priority: 5 });
    },

    /** Title terms for the suggester: the most frequent words of listed titles (a daily job). */
    refreshTitleKeywords(limit = 1000): number {
      const counts = new Map<string, number>();
      const titles = sqlite
        .prepare(
          'SELECT title FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id DESC LIMIT 200000',
        )
        .pluck()
        .iterate() as Iterable<string>;
      for (const title of titles)
        for (const w of queryTerms(title))
          if (w.length >= 4 && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit);
      const upsert = sqlite.prepare(
        `INSERT INTO search_keywords (keyword, searches, results, from_titles, updated_at) VALUES (?, 0, ?, 1, ?)
         ON CONFLICT (keyword) DO UPDATE SET results = excluded.results, from_titles = 1, updated_at = excluded.updated_at`,
      );
      sqlite.transaction(() => {
        for (const [word, n] of top) upsert.run(word, n, clock.now());
      })();
      return top.length;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
