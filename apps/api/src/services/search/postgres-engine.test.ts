import { postgresDataLayer } from '@vt/db';
import { postgresUnavailableReason, startPostgres } from '@vt/db/testing';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresEngine, matchShare } from './postgres-engine';
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
      // A common prefix after a rare word is tested on the rare word's rows: the same answer.
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
      expect(await engine.suggest('caf', 'straight', 3)).toEqual([
        'Rome days café 4000',
        'Rome days café 3960',
        'Rome days café 3920',
      ]);
    } finally {
      await layer.close();
    }
  });
});
