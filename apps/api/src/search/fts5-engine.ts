import { indexVideos, removeFromIndex } from '@vt/db';
import type Database from 'better-sqlite3';
import { MODEL_EXISTS, orderFor } from '../services/video-listing.service';
import { queryTerms, type SearchEngine, type SearchQuery } from './search-engine';

/** Relevance considers at most this many best matches: one query never ranks the whole table. */
export const CANDIDATES = 5000;
/** bm25 weights per column: title above models above categories above description. */
const WEIGHTS = '10.0, 2.0, 5.0, 3.0';
const CATEGORY_EXISTS =
  'EXISTS (SELECT 1 FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = v.id AND c.dir = ?)';

/** An FTS5 query where every word is a quoted prefix: `"vint"* "reel"*` (input can never inject syntax). */
export function matchExpression(text: string, column?: string): string | null {
  const terms = queryTerms(text).map((t) => `"${t.replaceAll('"', '""')}"*`);
  if (terms.length === 0) return null;
  return column ? `${column} : (${terms.join(' ')})` : terms.join(' ');
}

/** The embedded engine: SQLite FTS5 (`unicode61 remove_diacritics 2`, prefix indexes, bm25). */
export function createFts5Engine(sqlite: Database.Database): SearchEngine {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = sqlite.prepare(sql)));
    return s;
  };

  function build(q: SearchQuery, match: string) {
    const where = ['v.status_id = 1', 'v.is_private = 0'];
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
    // The MATCH stays in the CTE with its own limit: the outer filters and sort never drive a table scan.
    const cte = `WITH m AS (SELECT rowid AS id, bm25(videos_fts, ${WEIGHTS}) AS rank FROM videos_fts
      WHERE videos_fts MATCH ? AND gender = ? ORDER BY rank LIMIT ${CANDIDATES})`;
    return { cte, where: where.join(' AND '), params: [match, f.gender, ...params] };
  }

  return {
    name: 'fts5',
    async init() {},

    async index(ids) {
      indexVideos(sqlite, ids);
    },

    async remove(ids) {
      removeFromIndex(sqlite, ids);
    },

    async search(q) {
      const match = matchExpression(q.text);
      if (!match) return { ids: [], total: 0 };
      const b = build(q, match);
      const order =
        q.sort === 'relevance'
          ? // An exact title match first, then bm25.
            'lower(v.title) = lower(?) DESC, m.rank, v.id DESC'
          : orderFor(q.sort, q.filters.date);
      const from = `${b.cte} SELECT v.id FROM m JOIN videos v ON v.id = m.id WHERE ${b.where}`;
      const total = Number(
        prepare(`SELECT count(*) FROM (${from})`)
          .pluck()
          .get(...b.params),
      );
      const offset = (q.page - 1) * q.count;
      if (offset >= total) return { ids: [], total };
      const orderParams = q.sort === 'relevance' ? [q.text.trim()] : [];
      const ids = prepare(`${from} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .pluck()
        .all(...b.params, ...orderParams, q.count, offset) as number[];
      return { ids, total };
    },

    async suggest(text, gender, limit) {
      const match = matchExpression(text, 'title');
      if (!match) return [];
      return prepare(
        `SELECT DISTINCT title FROM (SELECT title FROM videos_fts WHERE videos_fts MATCH ? AND gender = ?
         ORDER BY rank LIMIT ?)`,
      )
        .pluck()
        .all(match, gender, limit * 3)
        .slice(0, limit) as string[];
    },
  };
}
