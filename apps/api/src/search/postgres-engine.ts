import type { DataLayer } from '@vt/db';
import type Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { DateFilter, VideoSort } from '../services/dto';
import { CANDIDATES, WIDEN_BELOW } from './fts5-engine';
import { loadSearchDocuments } from './search-documents';
import { queryTerms, type SearchEngine, type SearchQuery } from './search-engine';

/** The engine's own table: one row per listed video, its text folded and weighted, and the sort fields. */
const TABLE = 'search_videos';

const SORT_COLUMN: Record<VideoSort, string> = {
  'latest-updates': 'post_date',
  longest: 'duration_sec',
  'most-commented': 'comments_count',
  'most-viewed': 'video_viewed',
  'top-rated': 'rating',
  'most-popular': 'popularity',
};
const POPULAR_BY_DATE: Record<DateFilter, string> = {
  all: 'popularity',
  day: 'views_day',
  week: 'views_week',
  month: 'views_month',
};

/**
 * A tsquery of the query's words, the last one a prefix (`'paris' & 'nigh':*`), on the given weights.
 * Words are letters and digits only (queryTerms), so nothing the visitor types can become tsquery syntax.
 */
export function tsqueryText(text: string, weights = ''): string | null {
  const words = queryTerms(text);
  if (words.length === 0) return null;
  return words
    .map((w, i) => `'${w}'${i === words.length - 1 ? `:*${weights}` : weights ? `:${weights}` : ''}`)
    .join(' & ');
}

/**
 * Search on PostgreSQL (ADR 0045): full text with `unaccent` folding, weights title (A) > categories (B) >
 * models (C) > description (D), prefix matching of the last word, and trigram similarity for the suggester
 * when prefixes find too few titles. Like Meilisearch, it keeps an index of its own, fed from the listed
 * videos by the `search.index` jobs, and passes the same contract (tests/integration/search-contract).
 */
export function createPostgresEngine(opts: { sqlite: Database.Database; db: DataLayer['db'] }): SearchEngine {
  const { db } = opts;

  /** The newest matches of a tsquery, with their rank: at most CANDIDATES, as the FTS5 engine does. */
  const candidates = async (query: string, column: 'primary_doc' | 'full_doc', gender: string) =>
    (
      await sql<{ id: number; rank: number }>`
        SELECT id, ts_rank_cd(${sql.ref(column)}, q, 1) AS rank
        FROM ${sql.table(TABLE)}, to_tsquery('simple', unaccent(${query})) q
        WHERE ${sql.ref(column)} @@ q AND gender = ${gender}
        ORDER BY id DESC LIMIT ${CANDIDATES}`.execute(db)
    ).rows;

  return {
    name: 'postgres',

    async init() {
      // Both extensions are trusted since PostgreSQL 13: the database's owner may create them.
      await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (
        id bigint PRIMARY KEY,
        title text NOT NULL,
        title_folded text NOT NULL,
        gender text NOT NULL,
        duration_bucket integer NOT NULL,
        is_hd integer NOT NULL,
        category_dirs text[] NOT NULL,
        model_dirs text[] NOT NULL,
        post_date bigint NOT NULL,
        duration_sec integer NOT NULL,
        comments_count integer NOT NULL,
        video_viewed bigint NOT NULL,
        rating double precision NOT NULL,
        popularity double precision NOT NULL,
        views_day bigint NOT NULL,
        views_week bigint NOT NULL,
        views_month bigint NOT NULL,
        primary_doc tsvector NOT NULL,
        full_doc tsvector NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX IF NOT EXISTS search_videos_primary_idx ON ${sql.table(TABLE)} USING gin (primary_doc)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS search_videos_full_idx ON ${sql.table(TABLE)} USING gin (full_doc)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS search_videos_title_trgm_idx ON ${sql.table(TABLE)} USING gin (title_folded gin_trgm_ops)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS search_videos_gender_idx ON ${sql.table(TABLE)} (gender, id)`.execute(
        db,
      );
    },

    async index(ids) {
      if (ids.length === 0) return;
      const docs = loadSearchDocuments(opts.sqlite, ids);
      if (docs.length) {
        // One statement for the batch: the documents as JSON, folded and weighted on the server.
        await sql`
          INSERT INTO ${sql.table(TABLE)} AS s (id, title, title_folded, gender, duration_bucket, is_hd,
            category_dirs, model_dirs, post_date, duration_sec, comments_count, video_viewed, rating,
            popularity, views_day, views_week, views_month, primary_doc, full_doc)
          SELECT d.id, d.title, lower(unaccent(d.title)), d.gender, d."durationBucket", d."isHd",
            ARRAY(SELECT jsonb_array_elements_text(d."categoryDirs")),
            ARRAY(SELECT jsonb_array_elements_text(d."modelDirs")),
            d.post_date, d.duration_sec, d.comments_count, d.video_viewed, d.rating, d.popularity,
            d.views_day, d.views_week, d.views_month, w.p, w.p || setweight(
              to_tsvector('simple', unaccent(coalesce(d.description, ''))), 'D')
          FROM jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) AS d(id bigint, title text,
            description text, gender text, "durationBucket" integer, "isHd" integer, "categoryDirs" jsonb,
            "modelDirs" jsonb, categories jsonb, models jsonb, post_date bigint, duration_sec integer,
            comments_count integer, video_viewed bigint, rating double precision,
            popularity double precision, views_day bigint, views_week bigint, views_month bigint),
          LATERAL (SELECT
            setweight(to_tsvector('simple', unaccent(d.title)), 'A') ||
            setweight(to_tsvector('simple', unaccent(
              (SELECT coalesce(string_agg(c, ' '), '') FROM jsonb_array_elements_text(d.categories) c))), 'B') ||
            setweight(to_tsvector('simple', unaccent(
              (SELECT coalesce(string_agg(m, ' '), '') FROM jsonb_array_elements_text(d.models) m))), 'C')
            AS p) w
          ON CONFLICT (id) DO UPDATE SET title = excluded.title, title_folded = excluded.title_folded,
            gender = excluded.gender, duration_bucket = excluded.duration_bucket, is_hd = excluded.is_hd,
            category_dirs = excluded.category_dirs, model_dirs = excluded.model_dirs,
            post_date = excluded.post_date, duration_sec = excluded.duration_sec,
            comments_count = excluded.comments_count, video_viewed = excluded.video_viewed,
            rating = excluded.rating, popularity = excluded.popularity, views_day = excluded.views_day,
            views_week = excluded.views_week, views_month = excluded.views_month,
            primary_doc = excluded.primary_doc, full_doc = excluded.full_doc`.execute(db);
      }
      const listed = new Set(docs.map((d) => d.id));
      const gone = ids.filter((id) => !listed.has(id));
      if (gone.length) await this.remove(gone);
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await sql`DELETE FROM ${sql.table(TABLE)} WHERE id = ANY(${ids.map(Number)}::bigint[])`.execute(db);
    },

    async search(q: SearchQuery) {
      const primary = tsqueryText(q.text, 'ABC');
      const full = tsqueryText(q.text);
      if (!primary || !full) return { ids: [], total: 0 };
      const f = q.filters;
      // Titles, categories and models first; a query too rare there also searches descriptions.
      let found = await candidates(primary, 'primary_doc', f.gender);
      if (found.length < WIDEN_BELOW) found = await candidates(full, 'full_doc', f.gender);
      const phrase = queryTerms(q.text).join(' ');
      // Titles that start with the query always compete, however old.
      const starts = (
        await sql<{ id: number }>`SELECT id FROM ${sql.table(TABLE)}
          WHERE gender = ${f.gender}
            AND title_folded LIKE unaccent(${phrase.replace(/[\\%_]/g, '\\$&')}) || '%'
          ORDER BY id DESC LIMIT 20`.execute(db)
      ).rows;
      const rank = new Map(found.map((r) => [Number(r.id), Number(r.rank)]));
      for (const r of starts) rank.set(Number(r.id), 1e9);
      if (rank.size === 0) return { ids: [], total: 0 };

      const where = [sql`s.id = ANY(${[...rank.keys()]}::bigint[])`];
      if (f.duration) where.push(sql`s.duration_bucket = ${f.duration}`);
      if (f.hdOnly) where.push(sql`s.is_hd = 1`);
      for (const dir of f.categories ?? []) where.push(sql`${dir} = ANY(s.category_dirs)`);
      if (f.model) where.push(sql`${f.model} = ANY(s.model_dirs)`);
      const order =
        q.sort === 'relevance'
          ? sql`s.title_folded = unaccent(${phrase}) DESC, r.rank DESC, s.id DESC`
          : sql`${sql.ref(`s.${q.sort === 'most-popular' ? POPULAR_BY_DATE[f.date] : SORT_COLUMN[q.sort]}`)} DESC, s.id DESC`;
      const rows = (
        await sql<{ id: number; total: number }>`
          SELECT s.id, count(*) OVER () AS total
          FROM ${sql.table(TABLE)} s
          JOIN unnest(${[...rank.keys()]}::bigint[], ${[...rank.values()]}::float8[]) AS r(id, rank)
            ON r.id = s.id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY ${order}
          LIMIT ${q.count} OFFSET ${(q.page - 1) * q.count}`.execute(db)
      ).rows;
      const total =
        rows.length > 0
          ? Number(rows[0]!.total)
          : q.page > 1
            ? Number(
                (
                  await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(TABLE)} s
                    WHERE ${sql.join(where, sql` AND `)}`.execute(db)
                ).rows[0]?.n ?? 0,
              )
            : 0;
      return { ids: rows.map((r) => Number(r.id)), total };
    },

    async suggest(text, gender, limit) {
      const query = tsqueryText(text, 'A');
      if (!query) return [];
      // Newest titles whose words start with the text, as the FTS5 engine answers.
      const byPrefix = (
        await sql<{ title: string }>`SELECT title FROM ${sql.table(TABLE)}
          WHERE primary_doc @@ to_tsquery('simple', unaccent(${query})) AND gender = ${gender}
          ORDER BY id DESC LIMIT ${limit * 3}`.execute(db)
      ).rows.map((r) => r.title);
      const titles = [...new Set(byPrefix)].slice(0, limit);
      if (titles.length >= limit) return titles;
      // Too few: titles that look like the text (a typo, a missing letter), by trigram similarity.
      const folded = queryTerms(text).join(' ');
      const similar = (
        await sql<{ title: string }>`SELECT title FROM ${sql.table(TABLE)}
          WHERE title_folded % unaccent(${folded}) AND gender = ${gender}
          ORDER BY similarity(title_folded, unaccent(${folded})) DESC, id DESC LIMIT ${limit * 3}`.execute(db)
      ).rows.map((r) => r.title);
      return [...new Set([...titles, ...similar])].slice(0, limit);
    },
  };
}
