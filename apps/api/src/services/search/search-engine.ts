import type { DateFilter, DurationFilter, Gender, VideoSort } from '@vt/rules';

export type SearchSort = 'relevance' | VideoSort;

/** The listing filters a search honours (legacy conventions: the videos2 grammar plus `s`). */
export interface SearchFilters {
  gender: Gender;
  /** Videos in all of these category dirs (1–3). */
  categories?: readonly string[];
  /** Videos with this model. */
  model?: string;
  duration: DurationFilter;
  hdOnly: boolean;
  date: DateFilter;
}

export interface SearchQuery {
  text: string;
  filters: SearchFilters;
  sort: SearchSort;
  page: number;
  count: number;
}

export interface SearchResult {
  /** Video ids of the page, in order. */
  ids: number[];
  total: number;
}

/**
 * The one search interface (ARCHITECTURE.md): SQLite FTS5 embedded, Meilisearch when MEILI_HOST is set,
 * PostgreSQL full text on a PostgreSQL database. All index listed videos only and pass the same contract suite (tests/integration/search-contract).
 */
export interface SearchEngine {
  readonly name: 'fts5' | 'meilisearch' | 'postgres';
  /** Applies the engine's settings; called once at start. */
  init(): Promise<void>;
  /** Whether the index holds nothing yet (a new or copied database): the site then fills it at start. */
  isEmpty(): Promise<boolean>;
  /** Rebuilds the whole index in one pass, where the engine can do better than indexing every video. */
  rebuild?(progress?: (done: number, total: number) => void): Promise<number>;
  /** (Re-)indexes these videos from the database: listed ones are indexed, the others removed. */
  index(ids: readonly number[]): Promise<void>;
  remove(ids: readonly number[]): Promise<void>;
  search(q: SearchQuery): Promise<SearchResult>;
  /** Titles that start with the text (the suggester's fallback for keywords). */
  suggest(text: string, gender: Gender, limit: number): Promise<string[]>;
}

/** Search text limits (spec §5): 3 to 69 characters after trimming. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 69;

/** Words of a query: letters and digits in any script, at most 8 of them. */
export function queryTerms(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}
