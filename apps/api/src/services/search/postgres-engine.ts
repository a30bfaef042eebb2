import type { DataLayer } from '@vt/db';
import type { DateFilter, VideoSort } from '@vt/rules';
import { sql } from 'kysely';
import { CANDIDATES, WIDEN_BELOW } from './fts5-engine';
import type { SearchRepository } from './search.repository';
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

/** The engine's vocabulary: every lexeme of every indexed text vector, for expanding prefixes (search). */
const LEXEMES = 'search_lexemes';
/** PostgreSQL's error code for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';
/** A last word that starts more lexemes than this, or longer ones in all, stays a prefix (`'a':*`). */
const EXPAND_MAX = 64;
const EXPAND_MAX_CHARS = 2048;

/** A lexeme as a tsquery operand: quoted, its quotes doubled and backslashes escaped. */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsquery of folded words, the last one either a prefix or, when the vocabulary's lexemes that start it
 * are given, their alternation (`'canyon' & ( 'from' | 'fromage' )`).
 */
export function expandedTsquery(words: string[], lastLexemes: string[] | null): string {
  const others = words.slice(0, -1).map(operand);
  const last = words[words.length - 1]!;
  const tail =
    lastLexemes && lastLexemes.length > 0
      ? `( ${lastLexemes.map(operand).join(' | ')} )`
      : `${operand(last)}:*`;
  return [...others, tail].join(' & ');
}

/**
 * A candidates query walks the newest rows, testing each one's text vector, when the share of rows it
 * matches (estimated from the column's statistics) is at least `sqrt(WALK_FACTOR / rows)`; otherwise it
 * reads the matches from the GIN index and sorts them. Reading the index costs one heap visit per match,
 * walking costs about a sixth of one per row walked (measured on 100,000 videos: a title word in 3% of
 * them took 27 ms walked and 12 ms read from the index, one in 10% 8 and 39 ms), so at 100,000 rows the
 * line is at 4%. PostgreSQL's planner walks for words far rarer than that.
 */
const WALK_FACTOR = 160;
/** How long the statistics the choice reads are kept (autovacuum's analyses refresh them). */
const STATS_TTL_MS = 10 * 60_000;

/** A text vector column's most common lexemes and their shares of rows (pg_stats), and the row count. */
interface DocStats {
  rows: number;
  /** The share of rows a lexeme missing from `freq` matches at most. */
  floor: number;
  freq: Map<string, number>;
}

/**
 * The estimated share of rows a query of these (folded) words matches, the last one a prefix: the
 * geometric mean of the product of the words' shares (independent words) and the smallest (words that
 * always come together, as a title template's "The … Tapes" do). The product alone read 3% for "the tapes",
 * which matches 10% of titles, and chose the index for a walk's work. `independent`: the product alone, the
 * lower estimate, which sizes a window so that it holds the candidates unless the words avoid each other.
 */
export function matchShare(stats: DocStats, words: string[], independent = false): number {
  // A repeated word matches what its first use does ("electric electric" is as common as "electric").
  const shares = words.map((w, i) => {
    if (words.indexOf(w) !== i) return 1;
    let f = stats.freq.get(w) ?? stats.floor;
    if (i === words.length - 1) {
      f = stats.floor;
      for (const [lexeme, lf] of stats.freq) if (lexeme.startsWith(w)) f += lf;
    }
    return Math.min(1, f);
  });
  const product = shares.reduce((a, b) => a * b, 1);
  return independent ? product : Math.sqrt(product * Math.min(...shares));
}

/** What the engine reads from the planner's statistics: the text vectors', the genders' shares, the id range. */
export interface TableStats {
  docs: Map<string, DocStats>;
  /** The shares of rows of the most common genders; empty before the first analyse. */
  genders: Map<string, number>;
  ids: { min: number; max: number } | null;
}

/**
 * A window is sized to hold this many times the candidates, by the statistics' estimate; one that would
 * span more than MAX_WINDOW of the rows is not worth a second read when it falls short.
 */
const WINDOW_MARGIN = 2;
const MAX_WINDOW = 0.25;
/**
 * Matches the GIN index gathers into its bitmap in the time of one row visit: "the tapes" gathered 105,000
 * in 46 ms, and 6,500 row visits took 20 ms.
 */
const GATHER_PER_VISIT = 7;
/** A walked row's test in row visits at 1,000,000 videos: "moonlit" walked 72,000 rows in 66 ms. */
const WALK_ROW = 0.3;

/**
 * Where a window of the newest rows starts (ids above it), for a query read from the GIN index; null: no
 * window. Read from the index, a query visits the row of every match to learn its id and keeps the newest
 * CANDIDATES: a word in 3% of a million videos is 30,000 row visits for 1,000 candidates. With a window,
 * the index's matches are ANDed with a range of ids first, so only the window's matches are visited. A
 * window that holds all the candidates holds the newest ones, since every match outside it is older; one
 * that holds fewer is read again in full, so the estimate decides the cost, never the answer.
 */
export function windowStart(
  stats: TableStats,
  d: DocStats,
  words: string[],
  gender: string,
  candidates: number,
  margin: number,
): number | null {
  if (!stats.ids) return null;
  const genderShare = stats.genders.size === 0 ? 1 : stats.genders.get(gender);
  // A gender too rare for the statistics' list: its matches are spread over every id.
  if (genderShare === undefined) return null;
  const rows = (margin * candidates) / (matchShare(d, words, true) * genderShare);
  if (!(rows < d.rows * MAX_WINDOW)) return null;
  const span = stats.ids.max - stats.ids.min + 1;
  return Math.floor(stats.ids.max - (rows * span) / d.rows);
}

/**
 * A search's last word whose prefix matches more than this share of rows is tested on the rows of the
 * other words, when those are at most FEW_ROWS (see search).
 */
const COMMON_PREFIX = 0.05;
const FEW_ROWS = 5_000;

/** A suggester's last word this short is matched on the titles the other words find (see suggest). */
const SHORT_PREFIX = 2;

/** Texts that unaccent leaves as they are: its rules map no ASCII character. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Search on PostgreSQL (ADR 0045): full text with `unaccent` folding, weights title (A) > categories (B) >
 * models (C) > description (D), prefix matching of the last word, and trigram similarity for the suggester
 * when prefixes find too few titles. Like Meilisearch, it keeps an index of its own, fed from the listed
 * videos by the `search.index` jobs, and passes the same contract (tests/integration/search-contract).
 */
export function createPostgresEngine(opts: {
  repo: Pick<SearchRepository, 'documents'>;
  db: DataLayer['db'];
  /** Tests: a window sized for fewer or more candidates than WINDOW_MARGIN times. */
  windowMargin?: number;
}): SearchEngine {
  const { db } = opts;
  const margin = opts.windowMargin ?? WINDOW_MARGIN;

  /**
   * The query's words folded by the server's own unaccent, as constants: a tsquery passed as a value lets
   * the planner use the column's statistics (a common word walks the newest rows; a rare one, the index).
   * The folded text is split again by the word rule: unaccent maps some letters and digits to punctuation
   * (ʼ → ', ʺ → ", ⑴ → (1)), which inside a tsquery or a regex would be syntax. Empty: nothing to search.
   */
  const foldedWords = async (text: string): Promise<string[]> => {
    const terms = queryTerms(text).join(' ');
    if (ASCII.test(terms)) return queryTerms(terms);
    const { rows } = await sql<{ folded: string }>`SELECT unaccent(${terms}) AS folded`.execute(db);
    return queryTerms(rows[0]!.folded);
  };

  let stats: { at: number; table: TableStats } | null = null;
  /** The text vectors' and genders' statistics and the id range, read at most every STATS_TTL_MS. */
  const tableStats = async (): Promise<TableStats> => {
    if (stats && Date.now() - stats.at < STATS_TTL_MS) return stats.table;
    const { rows } = await sql<{
      attname: string;
      elems: string[] | null;
      freqs: number[] | null;
      vals: string[] | null;
      valFreqs: number[] | null;
      reltuples: number;
    }>`SELECT s.attname, s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
         s.most_common_vals::text::text[] AS vals, s.most_common_freqs AS "valFreqs",
         c.reltuples FROM pg_stats s JOIN pg_class c ON c.oid = ${TABLE}::regclass
       WHERE s.schemaname = current_schema() AND s.tablename = ${TABLE}
         AND s.attname IN ('primary_doc', 'full_doc', 'gender')`.execute(db);
    const docs = new Map<string, DocStats>();
    const genders = new Map<string, number>();
    for (const r of rows) {
      if (r.attname === 'gender') {
        for (const [i, v] of (r.vals ?? []).entries()) genders.set(v, Number(r.valFreqs![i]));
        continue;
      }
      if (!r.elems || !r.freqs || r.reltuples <= 0) continue;
      // The frequencies are followed by their minimum, their maximum and the share of empty vectors.
      const freq = new Map(r.elems.map((e, i) => [e, Number(r.freqs![i])]));
      docs.set(r.attname, { rows: r.reltuples, floor: Number(r.freqs[r.elems.length]), freq });
    }
    const ids = (
      await sql<{ min: string | null; max: string | null }>`SELECT min(id) AS min, max(id) AS max
        FROM ${sql.table(TABLE)}`.execute(db)
    ).rows[0];
    const table: TableStats = {
      docs,
      genders,
      ids: ids?.min == null || ids.max == null ? null : { min: Number(ids.min), max: Number(ids.max) },
    };
    stats = { at: Date.now(), table };
    return table;
  };
  /** Whether to read a query's matches from the GIN index rather than walk the newest rows. */
  const fromIndex = (docs: Map<string, DocStats>, doc: string, words: string[], limit: number) => {
    const d = docs.get(doc);
    if (!d) return false;
    return matchShare(d, words) < Math.sqrt((WALK_FACTOR * limit) / CANDIDATES / d.rows);
  };
  /** The newest first, from the GIN index (`id + 0`: the planner cannot walk the id index) or walked. */
  const newestFirst = (index: boolean, limit: number) =>
    sql`ORDER BY ${index ? sql`id + 0` : sql`id`} DESC LIMIT ${limit}`;
  /**
   * The suggester's choice. Its query tests titles only (weight A), which the statistics of primary_doc
   * overstate: "blue w" walked 50,000 rows for 30 titles. With two words or more the index reads at most
   * the rarest word's matches, so it is read unless even that word is common; one word chooses as search.
   */
  const suggestFromIndex = (docs: Map<string, DocStats>, words: string[], limit: number) => {
    const d = docs.get('primary_doc');
    if (!d || words.length < 2) return fromIndex(docs, 'primary_doc', words, limit);
    const rarest = Math.min(
      ...words.map((w, i) => (i === words.length - 1 ? matchShare(d, [w]) : (d.freq.get(w) ?? d.floor))),
    );
    return rarest < Math.sqrt(WALK_FACTOR / d.rows);
  };

  /**
   * Up to EXPAND_MAX + 1 lexemes of the vocabulary that start with a word; none before the vocabulary is
   * committed (a site upgraded to it searches by prefix while init fills it).
   */
  const startingWith = async (word: string): Promise<string[]> => {
    try {
      const { rows } = await sql<{ lexeme: string }>`SELECT lexeme FROM ${sql.table(LEXEMES)}
        WHERE lexeme LIKE ${`${word.replace(/[\\%_]/g, '\\$&')}%`} ORDER BY lexeme LIMIT ${EXPAND_MAX + 1}`.execute(
        db,
      );
      return rows.map((r) => r.lexeme);
    } catch (err) {
      if ((err as { code?: string }).code === UNDEFINED_TABLE) return [];
      throw err;
    }
  };

  return {
    name: 'postgres',

    async isEmpty() {
      const { rows } = await sql`SELECT 1 FROM ${sql.table(TABLE)} LIMIT 1`.execute(db);
      return rows.length === 0;
    },

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
      // The vocabulary: triggers add the lexemes of every row written to the index, in the writing
      // statement's transaction, whoever writes it (an older worker too), so a row is never searchable
      // without its lexemes. Created once, under a lock another node's init waits on; the triggers first,
      // whose lock holds writers back until the existing rows' lexemes are in, so none is missed. "C": a
      // prefix is a range of the primary key.
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${LEXEMES}))`.execute(trx);
        const { rows } = await sql<{ t: string | null }>`SELECT to_regclass(${LEXEMES}) AS t`.execute(trx);
        if (rows[0]?.t) return;
        await sql`CREATE TABLE ${sql.table(LEXEMES)} (lexeme text COLLATE "C" PRIMARY KEY)`.execute(trx);
        // Sorted, so two statements that add the same new words wait for each other, never deadlock.
        await sql`CREATE OR REPLACE FUNCTION search_lexemes_add() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO search_lexemes SELECT DISTINCT unnest(tsvector_to_array(full_doc)) AS lexeme
              FROM written ORDER BY lexeme ON CONFLICT DO NOTHING;
            RETURN NULL;
          END $$`.execute(trx);
        // One trigger per event: PostgreSQL allows transition tables on single-event triggers only.
        for (const event of ['INSERT', 'UPDATE'])
          await sql`CREATE OR REPLACE TRIGGER ${sql.id(`search_lexemes_on_${event.toLowerCase()}`)}
            AFTER ${sql.raw(event)} ON ${sql.table(TABLE)} REFERENCING NEW TABLE AS written
            FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add()`.execute(trx);
        await sql`INSERT INTO ${sql.table(LEXEMES)} SELECT DISTINCT unnest(tsvector_to_array(full_doc))
          FROM ${sql.table(TABLE)} ON CONFLICT DO NOTHING`.execute(trx);
      });
      // Titles that start with the query: a range of this index (the trigram index would find every title
      // that contains it, and test each).
      await sql`CREATE INDEX IF NOT EXISTS search_videos_title_prefix_idx ON ${sql.table(TABLE)} (gender, title_folded text_pattern_ops)`.execute(
        db,
      );
    },

    async index(ids) {
      if (ids.length === 0) return;
      const docs = await opts.repo.documents(ids);
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
      // primary_doc holds weights A, B and C only: no weight to test, so the GIN index needs no recheck.
      const words = await foldedWords(q.text);
      if (words.length === 0) return { ids: [], total: 0 };
      const folded = words.join(' ');
      const last = words[words.length - 1]!;
      // Each word once, and no last word that an earlier one already satisfies ("electric electric",
      // "electric elec"): the planner estimates a repeated word at the square of its share, and read 16,000
      // rows for a window it thought held 255.
      const others = [...new Set(words.slice(0, -1))];
      const implied = others.some((o) => o.startsWith(last));
      const terms = implied ? others : [...others, last];
      // The last word as the lexemes it starts: a prefix makes the index union the posting lists of every
      // lexeme it starts before the other words narrow them ("canyon from": 71 ms; "canyon" & "from", whose
      // posting lists the index skips through together, 6 ms).
      const lexemes = implied ? [terms[terms.length - 1]!] : await startingWith(last);
      // Long tokens of uploaders' descriptions (a lexeme may be 2 KB) would make every such query large.
      const expanded =
        implied ||
        (lexemes.length > 0 && lexemes.length <= EXPAND_MAX && lexemes.join('').length <= EXPAND_MAX_CHARS);
      const w = expandedTsquery(terms, expanded ? lexemes : null);
      const f = q.filters;
      const table = await tableStats();
      const docs = table.docs;
      const sortColumn =
        q.sort === 'most-popular' ? POPULAR_BY_DATE[f.date] : SORT_COLUMN[q.sort as VideoSort];
      // What the page's filters and order read, carried from the one visit of each candidate's row.
      const columns = sql`id, title_folded, duration_bucket, is_hd, category_dirs, model_dirs, ${
        q.sort === 'relevance' ? sql`0::float8` : sql.ref(sortColumn!)
      } AS sort_value`;
      const where = [sql`true`];
      if (f.duration) where.push(sql`duration_bucket = ${f.duration}`);
      if (f.hdOnly) where.push(sql`is_hd = 1`);
      for (const dir of f.categories ?? []) where.push(sql`${dir} = ANY(category_dirs)`);
      if (f.model) where.push(sql`${f.model} = ANY(model_dirs)`);
      const order =
        q.sort === 'relevance'
          ? sql`title_folded = ${folded} DESC, rank DESC, id DESC`
          : sql`sort_value DESC, id DESC`;
      // One statement, one visit of each row: the newest CANDIDATES matches in titles, categories and
      // models (descriptions too when those are fewer than WIDEN_BELOW), plus titles that start with the
      // query however old; then the filters, the order and the page.
      // The newest matches, read from the GIN index when the statistics say they are few (WALK_FACTOR).
      // A common prefix after rarer words ("1977 the") that starts too many lexemes to list: the index
      // unions the posting lists of every lexeme it starts (55 ms for "the" at 1,000,000 videos), so when
      // the other words match few rows they are read from the index and the prefix tested on their rows (an
      // expression the index cannot serve): 130 ms → 13 ms.
      const d = docs.get('primary_doc');
      const split =
        !expanded &&
        terms.length > 1 &&
        d !== undefined &&
        matchShare(d, [last]) > COMMON_PREFIX &&
        matchShare(d, terms.slice(0, -1)) * d.rows < FEW_ROWS;
      const indexWords = split ? terms.slice(0, -1) : terms;
      const matches = (doc: 'primary_doc' | 'full_doc', query: string) =>
        split
          ? sql`${sql.ref(doc)} @@ ${indexWords.map((x) => `'${x}'`).join(' & ')}::tsquery
              AND (${sql.ref(doc)} || ''::tsvector) @@ ${`'${last}':*`}::tsquery`
          : sql`${sql.ref(doc)} @@ ${query}::tsquery`;
      const candidates = (
        doc: 'primary_doc' | 'full_doc',
        query: string,
        index = fromIndex(docs, doc, indexWords, CANDIDATES),
        since: number | null = null,
      ) => sql`
        SELECT ${columns}, ${q.sort === 'relevance' ? sql`ts_rank_cd(${sql.ref(doc)}, ${query}::tsquery, 1)` : sql`0::float8`} AS rank
        FROM (SELECT * FROM ${sql.table(TABLE)} WHERE ${matches(doc, query)} AND gender = ${f.gender}
              ${since === null ? sql`` : sql`AND id > ${since}`} ${newestFirst(index, CANDIDATES)}) c`;
      /**
       * The CTE `name`: the newest CANDIDATES matches in `doc`, read only `when`. In row visits, a window of
       * the newest rows read from the index costs about margin × CANDIDATES, after the index has gathered
       * every match (GATHER_PER_VISIT of them a visit); a walk tests CANDIDATES / share rows at WALK_ROW of
       * a visit each. The window is read when it is the cheaper: "moonlit" (1.7%) or a city (3%) is, "the
       * tapes" (two common words, 10%) is not.
       */
      const newestMatches = (name: string, doc: 'primary_doc' | 'full_doc', when = sql`true`) => {
        const stats = docs.get(doc);
        const since = stats && windowStart(table, stats, terms, f.gender, CANDIDATES, margin);
        const share = stats ? matchShare(stats, terms) : 1;
        const windowed =
          stats !== undefined &&
          since !== null &&
          (fromIndex(docs, doc, indexWords, CANDIDATES) ||
            margin * CANDIDATES + (share * stats.rows) / GATHER_PER_VISIT < (WALK_ROW * CANDIDATES) / share);
        if (!windowed) return sql`${sql.id(name)} AS (SELECT * FROM (${candidates(doc, w)}) c WHERE ${when})`;
        const first = sql.id(`${name}0`);
        return sql`${first} AS (SELECT * FROM (${candidates(doc, w, true, since)}) c WHERE ${when}),
          ${sql.id(name)} AS (SELECT * FROM ${first} WHERE (SELECT count(*) FROM ${first}) >= ${CANDIDATES}
            UNION ALL SELECT * FROM (${candidates(doc, w)}) c
            WHERE ${when} AND (SELECT count(*) FROM ${first}) < ${CANDIDATES})`;
      };
      // The total comes with the page, or alone for a page past the end (no second statement): the
      // filtered matches are counted once, and the page is numbered in their order.
      const rows = (
        await sql<{ id: number | null; total: number }>`
          WITH ${newestMatches('p', 'primary_doc')},
          ${newestMatches('w', 'full_doc', sql`(SELECT count(*) FROM p) < ${WIDEN_BELOW}`)},
          t AS (
            SELECT ${columns}, 1e9::float8 AS rank FROM ${sql.table(TABLE)}
            WHERE gender = ${f.gender} AND title_folded LIKE ${`${folded.replace(/[\\%_]/g, '\\$&')}%`}
            ORDER BY id DESC LIMIT 20),
          found AS (
            SELECT DISTINCT ON (id) * FROM (
              SELECT * FROM p WHERE (SELECT count(*) FROM p) >= ${WIDEN_BELOW}
              UNION ALL SELECT * FROM w UNION ALL SELECT * FROM t) a
            ORDER BY id, rank DESC),
          hits AS (SELECT * FROM found WHERE ${sql.join(where, sql` AND `)})
          SELECT page.id, counted.total FROM (SELECT count(*) AS total FROM hits) counted
          LEFT JOIN LATERAL (
            SELECT id, row_number() OVER (ORDER BY ${order}) AS position FROM hits
            ORDER BY ${order} LIMIT ${q.count} OFFSET ${(q.page - 1) * q.count}) page ON true
          ORDER BY page.position`.execute(db)
      ).rows;
      return {
        ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    async suggest(text, gender, limit) {
      const words = await foldedWords(text);
      if (words.length === 0) return [];
      const folded = words.join(' ');
      const prefix = tsqueryText(folded, 'A')!;
      const last = words[words.length - 1]!;
      // Newest titles whose words start with the text, as the FTS5 engine answers. (Titles' share of the
      // matches in primary_doc is at most all of them: the choice may walk where the index were cheaper.)
      const { docs } = await tableStats();
      const newest = (match: string, others: string[], where = sql`true`) =>
        sql<{ title: string }>`SELECT title FROM ${sql.table(TABLE)}
          WHERE primary_doc @@ ${match}::tsquery AND gender = ${gender} AND ${where}
          ${newestFirst(suggestFromIndex(docs, others, limit * 3), limit * 3)}`.execute(db);
      // "1995 a": a one- or two-letter prefix stands for thousands of lexemes, whose posting lists the index
      // unions (190 ms at 1,000,000 videos). The other words find the titles (5 ms), and a word of the
      // title must start with the prefix. Words are letters and digits: no tsquery or regex syntax.
      const others = words.slice(0, -1);
      const { rows } =
        others.length > 0 && last.length <= SHORT_PREFIX
          ? await newest(
              others.map((w) => `'${w}':A`).join(' & '),
              others,
              sql`title_folded ~ ${`\\m${last}`}`,
            )
          : await newest(prefix, words);
      const byPrefix = rows.map((r) => r.title);
      if (byPrefix.length > 0) return [...new Set(byPrefix)].slice(0, limit);
      // None: titles that look like the text (a typo, a missing letter), by trigram similarity.
      const similar = (
        await sql<{ title: string }>`SELECT title FROM ${sql.table(TABLE)}
          WHERE title_folded % ${folded} AND gender = ${gender}
          ORDER BY similarity(title_folded, ${folded}) DESC, id DESC LIMIT ${limit * 3}`.execute(db)
      ).rows.map((r) => r.title);
      return [...new Set(similar)].slice(0, limit);
    },
  };
}
