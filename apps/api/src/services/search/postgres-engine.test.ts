import { postgresDataLayer } from '@vt/db';
import { postgresUnavailableReason, startPostgres } from '@vt/db/testing';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresEngine,
  expandedTsquery,
  matchShare,
  type TableStats,
  windowStart,
} from './postgres-engine';
import type { SearchDocument } from './search-documents';
import type { SearchQuery } from './search-engine';

describe('matchShare', () => {
  const stats = {
    rows: 1000,
    floor: 0.01,
    freq: new Map([
      ['paris', 0.2],
      ['party', 0.1],
      ['nights', 0.5],
    ]),
  };
  it('sums the lexemes the last word is a prefix of, with the floor for those too rare to be listed', () => {
    expect(matchShare(stats, ['par'])).toBeCloseTo(0.31);
    expect(matchShare(stats, ['zebra'])).toBeCloseTo(0.01);
  });
  it('takes the mean of independent and always-together words, the earlier words exact', () => {
    expect(matchShare(stats, ['nights', 'par'])).toBeCloseTo(Math.sqrt(0.5 * 0.31 * 0.31));
    expect(matchShare(stats, ['par', 'nights'])).toBeCloseTo(Math.sqrt(0.01 * 0.5 * 0.01));
  });
  it('estimates independent words by the product, the lower figure a window is sized by', () => {
    expect(matchShare(stats, ['nights', 'par'], true)).toBeCloseTo(0.5 * 0.31);
    expect(matchShare(stats, ['nights', 'par'], true)).toBeLessThan(matchShare(stats, ['nights', 'par']));
  });
  it('counts a repeated word once', () => {
    expect(matchShare(stats, ['nights', 'nights'])).toBeCloseTo(0.5);
    expect(matchShare(stats, ['paris', 'nights', 'paris'])).toBeCloseTo(Math.sqrt(0.2 * 0.5 * 0.2));
  });
});

describe('windowStart', () => {
  const d = { rows: 1_000_000, floor: 0, freq: new Map([['moonlit', 0.03]]) };
  const stats: TableStats = {
    docs: new Map([['primary_doc', d]]),
    genders: new Map([
      ['straight', 0.8],
      ['gay', 0.15],
    ]),
    ids: { min: 1, max: 2_000_000 },
  };
  it('starts where the newest rows should hold the margin times the candidates, ids as sparse as the rows', () => {
    // 2 × 1,000 / (3% × 80%) = 83,333 rows, two ids per row.
    expect(windowStart(stats, d, ['moonlit'], 'straight', 1000, 2)).toBe(2_000_000 - 166_667);
  });
  it('has none when it would span most of the rows, for a gender the statistics do not list, or no rows', () => {
    expect(windowStart(stats, d, ['zebra'], 'straight', 1000, 2)).toBeNull();
    expect(windowStart(stats, d, ['moonlit'], 'trans', 1000, 2)).toBeNull();
    expect(windowStart({ ...stats, ids: null }, d, ['moonlit'], 'straight', 1000, 2)).toBeNull();
    // Before the first analyse: no genders, all taken as the query's.
    expect(windowStart({ ...stats, genders: new Map() }, d, ['moonlit'], 'gay', 1000, 2)).toBe(
      2_000_000 - 133_334,
    );
  });
});

const noPostgres = postgresUnavailableReason();

describe.skipIf(noPostgres)('the PostgreSQL engine on analysed statistics', () => {
  const server = startPostgres();
  afterAll(async () => (await server)?.stop());

  const doc = (id: number, title: string): SearchDocument => ({
    id,
    title,
    description: id % 7 === 0 ? 'an orchard by the sea' : '',
    models: [],
    modelDirs: [],
    categories: [],
    categoryDirs: [],
    gender: 'straight',
    durationBucket: 1 + (id % 3),
    isHd: id % 2,
    post_date: id,
    duration_sec: 60,
    comments_count: 0,
    video_viewed: id % 11,
    rating: 0,
    popularity: 0,
    views_day: 0,
    views_week: 0,
    views_month: 0,
  });
  // "nights" in every other title (walked), "café" in one in forty (read from the index), "orchard" in
  // descriptions only (widened).
  const docs = Array.from({ length: 4000 }, (_, i) => {
    const id = i + 1;
    return doc(id, `${id % 2 ? 'Paris nights' : 'Rome days'}${id % 40 === 0 ? ' café' : ''} ${id}`);
  });
  const query = (text: string, sort: SearchQuery['sort'] = 'latest-updates'): SearchQuery => ({
    text,
    sort,
    page: 1,
    count: 60,
    filters: { gender: 'straight', duration: 0, hdOnly: false, date: 'all' },
  });
  /** The answer by definition: the newest 1,000 matches, newest first. */
  const newest = (match: (d: SearchDocument) => boolean) => {
    const all = docs.filter(match).sort((a, b) => b.id - a.id);
    return {
      ids: all
        .slice(0, 1000)
        .slice(0, 60)
        .map((d) => d.id),
      total: Math.min(all.length, 1000),
    };
  };

  it('answers a frequent word, a rare one, an accented one and a description-only one as by definition', async () => {
    const pg = (await server)!;
    const layer = postgresDataLayer(await pg.freshDatabase());
    try {
      const byId = new Map(docs.map((d) => [d.id, d]));
      const engine = createPostgresEngine({
        repo: { documents: async (ids) => ids.map((id) => byId.get(Number(id))!) },
        db: layer.db,
      });
      await engine.init();
      await engine.index(docs.map((d) => d.id));
      await sql`ANALYZE search_videos`.execute(layer.db);
      const nights = (d: SearchDocument) => d.title.includes('nights');
      const cafe = (d: SearchDocument) => d.title.includes('café');
      expect(await engine.search(query('nights'))).toEqual(newest(nights));
      expect(await engine.search(query('cafe'))).toEqual(newest(cafe));
      expect(await engine.search(query('Café'))).toEqual(newest(cafe));
      expect(await engine.search(query('paris caf'))).toEqual(newest((d) => nights(d) && cafe(d)));
      expect(await engine.search(query('orchard'))).toEqual(newest((d) => d.description !== ''));
      expect((await engine.search(query('nights', 'relevance'))).total).toBe(1000);
      // A repeated word, or a last word an earlier one satisfies, asks nothing more.
      expect(await engine.search(query('nights nights'))).toEqual(newest(nights));
      expect(await engine.search(query('cafe nights caf'))).toEqual(newest((d) => nights(d) && cafe(d)));
      // A last word that starts few lexemes is their alternation ("r": rome only): the same answer.
      expect(await engine.search(query('cafe r'))).toEqual(newest(cafe));
      expect(await engine.search(query('cafe p'))).toEqual({ ids: [], total: 0 });
      // A page past the end: no videos, the same total.
      expect(await engine.search({ ...query('cafe'), page: 9 })).toEqual({ ids: [], total: 100 });
      // A one-letter last word of the suggester, likewise.
      expect(await engine.suggest('cafe r', 'straight', 3)).toEqual([
        'Rome days café 4000',
        'Rome days café 3960',
        'Rome days café 3920',
      ]);
      // Lexemes are operands whatever they hold (the parser keeps "rock-a-billy" and "example.com" whole).
      const crafted = expandedTsquery(['paris', 'o'], ["o'hara", 'o\\x', 'o-la']);
      const { rows } = await sql<{ q: string }>`SELECT ${crafted}::tsquery::text AS q`.execute(layer.db);
      expect(rows[0]!.q).toBe(`'paris' & ( 'o''hara' | 'o\\\\x' | 'o-la' )`);
      // The vocabulary the last word is expanded from holds every lexeme of the index, descriptions too.
      const vocabulary = async () =>
        (
          await sql<{ lexeme: string }>`SELECT lexeme FROM search_lexemes ORDER BY lexeme`.execute(layer.db)
        ).rows.map((r) => r.lexeme);
      const lexemesOfIndex = async () =>
        (
          await sql<{ lexeme: string }>`SELECT DISTINCT unnest(tsvector_to_array(full_doc)) AS lexeme
            FROM search_videos ORDER BY lexeme`.execute(layer.db)
        ).rows.map((r) => r.lexeme);
      expect(await vocabulary()).toEqual(await lexemesOfIndex());
      expect(await vocabulary()).toEqual(expect.arrayContaining(['cafe', 'orchard', 'paris', 'rome', 'sea']));
      // Without it (a site upgraded to it, before init has filled it) a search still answers, by prefix;
      // init fills it from the index, once, whichever of two nodes starting together comes first.
      await sql`DROP TABLE search_lexemes`.execute(layer.db);
      expect(await engine.search(query('paris caf'))).toEqual(newest((d) => nights(d) && cafe(d)));
      const other = createPostgresEngine({ repo: { documents: async () => [] }, db: layer.db });
      await Promise.all([engine.init(), other.init()]);
      expect(await vocabulary()).toEqual(await lexemesOfIndex());
      // Rows written afterwards bring their words, whoever writes them.
      await sql`UPDATE search_videos SET full_doc = full_doc || 'zephyr'::tsvector WHERE id = 7`.execute(
        layer.db,
      );
      expect(await vocabulary()).toContain('zephyr');
      expect(await engine.search(query('paris caf'))).toEqual(newest((d) => nights(d) && cafe(d)));
      expect(await engine.search(query('orchard'))).toEqual(newest((d) => d.description !== ''));
      expect(await engine.suggest('caf', 'straight', 3)).toEqual([
        'Rome days café 4000',
        'Rome days café 3960',
        'Rome days café 3920',
      ]);
    } finally {
      await layer.close();
    }
  });
  it('reads a window of the newest rows first, and all of them when the window holds too few', async () => {
    const pg = (await server)!;
    const layer = postgresDataLayer(await pg.freshDatabase());
    try {
      // "lark" in the newest 1,200 of 20,000 titles: 6% (and "dune", in one in 200, the share of the rarest
      // word the statistics list: 6.5%), read from the index (the walk's line is at 8.9%).
      const many = Array.from({ length: 20_000 }, (_, i) =>
        doc(
          i + 1,
          `${i % 2 ? 'Paris nights' : 'Rome days'}${i >= 18_800 ? ' lark' : ''}${i % 200 ? '' : ' dune'} ${i + 1} r${i % 100}`,
        ),
      );
      const byId = new Map(many.map((m) => [m.id, m]));
      const repo = { documents: async (ids: number[]) => ids.map((id) => byId.get(Number(id))!) };
      const statements: string[] = [];
      const seen: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(JSON.stringify(args.node));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const engine = (windowMargin: number) =>
        createPostgresEngine({ repo, db: layer.db.withPlugin(seen), windowMargin });
      await engine(2).init();
      await engine(2).index(many.map((m) => m.id));
      await sql`ANALYZE search_videos`.execute(layer.db);
      const lark = many.filter((m) => m.title.includes('lark')).sort((a, b) => b.id - a.id);
      const expected = { ids: lark.slice(0, 60).map((m) => m.id), total: 1000 };
      const windowed = async (margin: number, q: SearchQuery) => {
        statements.length = 0;
        const answer = await engine(margin).search(q);
        return { answer, windowed: statements.some((s) => s.includes('AND id > ')) };
      };
      // The last word is written as the lexemes it starts.
      await windowed(2, query('lark'));
      expect(statements.some((s) => s.includes("( 'lark' )"))).toBe(true);
      // 0.3 × 1,000 / 6.5% = 4,615 rows: the window holds the 1,200 larks, so it is all that is read.
      expect(await windowed(0.3, query('lark'))).toEqual({ answer: expected, windowed: true });
      // 0.05 × 1,000 / 6.5% = 769 rows: too few larks, so all of them are read; the same answer.
      expect(await windowed(0.05, query('lark'))).toEqual({ answer: expected, windowed: true });
      expect((await windowed(0.05, query('lark', 'relevance'))).answer.total).toBe(1000);
      // "r" starts more words than are listed (r0 to r99, rome): the larks' rows are tested for it.
      statements.length = 0;
      expect(await engine(2).search(query('lark r'))).toEqual(expected);
      expect(statements.some((s) => s.includes("|| ''::tsvector"))).toBe(true);
      // The default margin: 2 × 1,000 / 6.5% is most of the table, no window.
      expect(await windowed(2, query('lark'))).toEqual({ answer: expected, windowed: false });
    } finally {
      await layer.close();
    }
  });
});
