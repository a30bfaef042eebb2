import {
  indexVideos,
  rebuildSearchIndex,
  rebuildTitleWords,
  removeFromIndex,
  searchIndexIsEmpty,
  titleWords,
} from '@vt/db';
import type Database from 'better-sqlite3';
import { TtlMemo } from '../../lib/lru-cache';
import { MODEL_EXISTS, orderFor } from '../videos/video-listing.service';
import { notAVersion } from '../videos/video-versions.service';
import { queryTerms, type SearchEngine, type SearchQuery } from './search-engine';

/**
 * A query ranks at most this many matches, the newest first (FTS5 reads doclists in rowid order and stops):
 * one query never ranks a broad term's hundreds of thousands of rows.
 */
export const CANDIDATES = 1000;
/** Fewer matches than this in titles, models and categories also searches descriptions. */
export const WIDEN_BELOW = 100;
/** The columns a match counts on first; descriptions only widen a query that finds too little there. */
const PRIMARY = '{title models categories}';
/**
 * How long a query's matches are kept: its pages, sorts and filters, and the same query from other visitors,
 * share one FTS5 pass (ranking a broad word's thousand matches takes 2–4 ms here). A video indexed meanwhile
 * drops them all; one taken down or hidden is left out at once anyway, as every search re-reads the
 * matches' videos.
 */
export const MATCHES_TTL_MS = 60_000;
/** bm25 weights per column: title above models above categories above description. */
const WEIGHTS = '10.0, 2.0, 5.0, 3.0';
const CATEGORY_EXISTS =
  'EXISTS (SELECT 1 FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = v.id AND c.dir = ?)';

const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * An FTS5 query of quoted words, the last one a prefix: `"vintage" "ree"*` (input can never inject syntax).
 * Only the last word is a prefix: a prefix longer than the indexed ones merges every matching term's list,
 * which for common words costs far more than the few extra matches are worth.
 */
export function matchExpression(text: string, column?: string): string | null {
  const words = queryTerms(text);
  const terms = words.map((t, i) => (i === words.length - 1 ? `${quoted(t)}*` : quoted(t)));
  if (terms.length === 0) return null;
  return column ? `${column} : (${terms.join(' ')})` : terms.join(' ');
}

/** The embedded engine: SQLite FTS5 (`unicode61 remove_diacritics 2`, prefix indexes, bm25). */
export function createFts5Engine(sqlite: Database.Database): SearchEngine {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    const cached = statements.get(sql);
    if (cached) return cached;
    const statement = sqlite.prepare(sql);
    statements.set(sql, statement);
    return statement;
  };

  const candidates = (match: string, gender: string, ranked: boolean) =>
    prepare(
      `SELECT rowid, ${ranked ? `bm25(videos_fts, ${WEIGHTS})` : '0'} FROM videos_fts
       WHERE videos_fts MATCH ? AND gender = ? ORDER BY rowid DESC LIMIT ${CANDIDATES}`,
    )
      .raw()
      .all(match, gender) as [number, number][];
  // Titles whose words begin with the query's words: equal to them, or them and a space, then more.
  const exactTitles = sqlite.prepare(
    `SELECT video_id FROM search_title_words WHERE gender = ? AND words >= ? AND words < ?
     ORDER BY words, video_id LIMIT 20`,
  );

  /** A query's ranked matches as the JSON the listing query reads, or null for none. */
  const matches = new TtlMemo<string | null>(MATCHES_TTL_MS, 1000);
  function rankedMatches(words: string[], gender: string, relevance: boolean): string | null {
    const text = words.join(' ');
    return matches.getOrCompute(`${gender}|${relevance ? 'r' : '-'}|${text}`, () => {
      const primary = matchExpression(text, PRIMARY);
      const start = titleWords(text);
      if (!primary || !start) return null;
      // Titles, models and categories first; a query too rare there also searches descriptions.
      let found = candidates(primary, gender, relevance);
      if (found.length < WIDEN_BELOW) found = candidates(matchExpression(text)!, gender, relevance);
      const rank = new Map(found);
      // Titles that start with the query always compete, however old: the exact one ranks first.
      for (const id of exactTitles.pluck().all(gender, start, `${start}!`) as number[]) rank.set(id, -1e9);
      return rank.size === 0 ? null : JSON.stringify([...rank]);
    });
  }

  /** The listing filters, applied to the candidates joined with their videos. */
  function filters(q: SearchQuery) {
    // A version group shows once, by its canonical (ADR 0035).
    const where = ['v.status_id = 1', 'v.is_private = 0', notAVersion('v')];
    const params: unknown[] = [];
    const f = q.filters;
    if (f.duration) {
      where.push('v.duration_bucket = ?');
      params.push(f.duration);
    }
    if (f.hdOnly) where.push('v.is_hd = 1');
    for (const dir of f.categories ?? []) {
      where.push(CATEGORY_EXISTS);
      params.push(dir);
    }
    if (f.model) {
      where.push(MODEL_EXISTS);
      params.push(f.model);
    }
    return { where: where.join(' AND '), params };
  }

  return {
    name: 'fts5',
    async init() {
      // A site whose index predates search_title_words (migration 0005) gets it filled once, here.
      if (!sqlite.prepare('SELECT 1 FROM search_title_words LIMIT 1').get() && !searchIndexIsEmpty(sqlite))
        rebuildTitleWords(sqlite);
    },
    isEmpty: async () => searchIndexIsEmpty(sqlite),
    // SQLite's own index (ADR 0045), rebuilt from its tables in one statement per batch.
    rebuild: async (progress) => {
      const n = rebuildSearchIndex(sqlite, progress);
      matches.clear();
      return n;
    },

    async index(ids) {
      indexVideos(sqlite, ids);
      matches.clear();
    },

    async remove(ids) {
      removeFromIndex(sqlite, ids);
      matches.clear();
    },

    async search(q) {
      const relevance = q.sort === 'relevance';
      const ranked = rankedMatches(queryTerms(q.text), q.filters.gender, relevance);
      if (!ranked) return { ids: [], total: 0 };
      const f = filters(q);
      const order =
        q.sort === 'relevance'
          ? 'lower(v.title) = lower(?) DESC, c.value ->> 1, v.id DESC'
          : orderFor(q.sort, q.filters.date);
      // One pass over the candidates (at most CANDIDATES + 20): filtered, sorted, the page sliced here.
      const all = prepare(
        `SELECT v.id FROM json_each(?) c JOIN videos v ON v.id = c.value ->> 0 WHERE ${f.where} ORDER BY ${order}`,
      )
        .pluck()
        .all(ranked, ...f.params, ...(relevance ? [q.text.trim()] : [])) as number[];
      return { ids: all.slice((q.page - 1) * q.count, q.page * q.count), total: all.length };
    },

    async suggest(text, gender, limit) {
      const match = matchExpression(text, 'title');
      if (!match) return [];
      return prepare(
        // Newest first: ranking every title that starts with "sum" would cost more than the answer is worth.
        `SELECT DISTINCT title FROM (SELECT title FROM videos_fts WHERE videos_fts MATCH ? AND gender = ?
         ORDER BY rowid DESC LIMIT ?)`,
      )
        .pluck()
        .all(match, gender, limit * 3)
        .slice(0, limit) as string[];
    },
  };
}
