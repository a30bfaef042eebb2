import { postgresDataLayer, sqliteDataLayer } from '@vt/db';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from '@vt/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { createFts5Engine } from '../../apps/api/src/services/search/fts5-engine';
import { createMeiliEngine } from '../../apps/api/src/services/search/meili-engine';
import { createPostgresEngine } from '../../apps/api/src/services/search/postgres-engine';
import { createSearchRepository } from '../../apps/api/src/services/search/search.repository';
import type { SearchEngine, SearchQuery } from '../../apps/api/src/services/search/search-engine';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * One contract for every search engine: FTS5 always, PostgreSQL when its server is installed, Meilisearch
 * when MEILI_HOST is set.
 */
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});
/** The test app's videos, as the engine's documents (its index may live in another database). */
const documentsOf = (sut: TestApp) => createSearchRepository(sqliteDataLayer(sut.db.$client));
const engines: [string, (sut: TestApp) => SearchEngine | Promise<SearchEngine>][] = [
  ['fts5', (sut) => createFts5Engine(sut.db.$client)],
];
const noPostgres = postgresUnavailableReason();
if (noPostgres) console.info(`PostgreSQL search contract run skipped: ${noPostgres}`);
else {
  let server: Promise<TestPostgres | null> | null = null;
  engines.push([
    'postgres',
    async (sut) => {
      server ??= startPostgres();
      const pg = await server;
      if (!pg) throw new Error('PostgreSQL did not start');
      const layer = postgresDataLayer(await pg.freshDatabase());
      closers.push(
        () => layer.close(),
        () => pg.stop(),
      );
      return createPostgresEngine({ repo: documentsOf(sut), db: layer.db });
    },
  ]);
}
if (process.env.MEILI_HOST) {
  engines.push([
    'meilisearch',
    (sut) =>
      createMeiliEngine({
        repo: documentsOf(sut),
        host: process.env.MEILI_HOST!,
        apiKey: process.env.MEILI_MASTER_KEY,
        index: `contract_${Date.now()}`,
      }),
  ]);
} else {
  console.info('Meilisearch contract run skipped: MEILI_HOST is not set (the FTS5 run covers the contract).');
}

const q = (
  text: string,
  over: Partial<SearchQuery> = {},
  filters: Partial<SearchQuery['filters']> = {},
): SearchQuery => ({
  text,
  sort: 'relevance',
  page: 1,
  count: 20,
  ...over,
  filters: { gender: 'straight', duration: 0, hdOnly: false, date: 'all', ...filters },
});

describe.each(engines)('search contract: %s', (name, make) => {
  let sut: TestApp;
  let engine: SearchEngine;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    sut = createTestApp({ videos: 60 });
    const sqlite = sut.db.$client;
    const pick = sqlite
      .prepare(
        "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ORDER BY id LIMIT 6",
      )
      .pluck()
      .all() as number[];
    const titles = [
      'Amélie à Paris',
      'Paris Nights',
      'Nights of Paris and Rome',
      'Parisienne Dreams',
      'Forbidden Paris',
      'Quiet Harbour',
    ];
    pick.forEach((id, i) => {
      sqlite
        .prepare('UPDATE videos SET title = ?, description = ? WHERE id = ?')
        .run(titles[i], 'A film from the archive.', id);
      ids[titles[i]] = id;
    });
    ids.gay = sqlite
      .prepare("SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'gay' LIMIT 1")
      .pluck()
      .get() as number;
    if (ids.gay) sqlite.prepare("UPDATE videos SET title = 'Paris Tapes' WHERE id = ?").run(ids.gay);
    engine = await make(sut);
    await engine.init();
    const all = sqlite.prepare('SELECT id FROM videos').pluck().all() as number[];
    await engine.index(all);
  }, 60_000);
  afterAll(() => sut.close());

  it('ranks an exact title match first', async () => {
    const r = await engine.search(q('Paris Nights'));
    expect(r.ids[0]).toBe(ids['Paris Nights']);
    expect(r.ids).toContain(ids['Nights of Paris and Rome']);
  });

  it('folds diacritics: a query without accents finds an accented title', async () => {
    expect((await engine.search(q('amelie'))).ids).toContain(ids['Amélie à Paris']);
  });

  it('matches prefixes', async () => {
    expect((await engine.search(q('parisie'))).ids).toContain(ids['Parisienne Dreams']);
  });

  it('respects filters: orientation, duration, category', async () => {
    const straight = await engine.search(q('paris'));
    if (ids.gay) expect(straight.ids).not.toContain(ids.gay);
    const bucket = sut.db.$client
      .prepare('SELECT duration_bucket FROM videos WHERE id = ?')
      .pluck()
      .get(ids['Paris Nights']) as number;
    const byDuration = await engine.search(q('paris', {}, { duration: bucket as 1 }));
    const buckets = byDuration.ids.map((id) =>
      sut.db.$client.prepare('SELECT duration_bucket FROM videos WHERE id = ?').pluck().get(id),
    );
    expect(buckets.every((b) => b === bucket)).toBe(true);
    const dir = sut.db.$client
      .prepare(
        'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ? LIMIT 1',
      )
      .pluck()
      .get(ids['Paris Nights']) as string;
    const byCategory = await engine.search(q('paris', {}, { categories: [dir] }));
    expect(byCategory.ids).toContain(ids['Paris Nights']);
    for (const id of byCategory.ids) {
      const has = sut.db.$client
        .prepare(
          'SELECT 1 FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ? AND c.dir = ?',
        )
        .get(id, dir);
      expect(has).toBeTruthy();
    }
  });

  it('sorts by any video sort and pages', async () => {
    const r = await engine.search(q('paris', { sort: 'latest-updates', count: 2 }));
    const dates = r.ids.map(
      (id) => sut.db.$client.prepare('SELECT post_date FROM videos WHERE id = ?').pluck().get(id) as number,
    );
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const page2 = await engine.search(q('paris', { sort: 'latest-updates', count: 2, page: 2 }));
    expect(page2.ids.some((id) => r.ids.includes(id))).toBe(false);
    expect(r.total).toBeGreaterThanOrEqual(4);
    expect(page2.total).toBe(r.total);
    // A page past the end has no videos and the same total.
    const past = await engine.search(q('paris', { sort: 'latest-updates', count: 2, page: 50 }));
    expect(past).toEqual({ ids: [], total: r.total });
  });

  it('never returns a taken-down video once it is re-indexed', async () => {
    const id = ids['Forbidden Paris'];
    expect((await engine.search(q('forbidden'))).ids).toContain(id);
    sut.db.$client.prepare('UPDATE videos SET status_id = 5 WHERE id = ?').run(id);
    await engine.index([id]);
    expect((await engine.search(q('forbidden'))).ids).not.toContain(id);
  });

  it.runIf(name === 'fts5')(
    "keeps a query's matches for its next searches, yet leaves out a video hidden since and finds one indexed since",
    async () => {
      const sqlite = sut.db.$client;
      const first = await engine.search(q('harbour'));
      const id = ids['Quiet Harbour'];
      expect(first.ids).toContain(id);
      // Kept: with its index rows gone behind the engine's back, the same words still match it.
      sqlite.prepare('DELETE FROM videos_fts WHERE rowid = ?').run(id);
      sqlite.prepare('DELETE FROM search_title_words WHERE video_id = ?').run(id);
      expect((await engine.search(q('harbour', { count: 1, page: 1 }))).ids).toEqual([id]);
      await engine.index([id]);
      // Hidden without a re-index (the job comes later): gone from the next search of the same words.
      sqlite.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(id);
      expect((await engine.search(q('harbour'))).ids).not.toContain(id);
      sqlite.prepare('UPDATE videos SET is_private = 0 WHERE id = ?').run(id);
      // A title changed and indexed: found at once, not a minute later.
      const other = ids['Parisienne Dreams'];
      sqlite.prepare("UPDATE videos SET title = 'Harbour Lights' WHERE id = ?").run(other);
      await engine.index([other]);
      expect((await engine.search(q('harbour'))).ids).toEqual(expect.arrayContaining([id, other]));
      sqlite.prepare("UPDATE videos SET title = 'Parisienne Dreams' WHERE id = ?").run(other);
      await engine.index([other]);
    },
  );

  it('suggests titles by prefix', async () => {
    expect(await engine.suggest('parisi', 'straight', 5)).toContain('Parisienne Dreams');
    // A last word of one or two letters is a prefix too ("nights p": a title word starts with p).
    expect(await engine.suggest('nights p', 'straight', 5)).toEqual(
      expect.arrayContaining(['Paris Nights', 'Nights of Paris and Rome']),
    );
    expect(await engine.suggest('amelie a', 'straight', 5)).toContain('Amélie à Paris');
    expect(await engine.suggest('nights pa', 'straight', 5)).toContain('Paris Nights');
  });

  it.runIf(name === 'postgres')('suggests a title through a typo (trigrams)', async () => {
    expect(await engine.suggest('parisein dreams', 'straight', 5)).toContain('Parisienne Dreams');
  });

  it('treats what a visitor types as words, never as query syntax', async () => {
    // The last four are letters that unaccent folds to punctuation (ʼ → ', ʺ → ", ⑴ → (1)).
    for (const text of [
      "paris' | !rome",
      'paris:* & (',
      '"paris" OR title:x',
      "%_\\'; DROP TABLE x; --",
      'parisʼ',
      'nights ʼa',
      'paris ʺ',
      'nights ⑴',
    ]) {
      await expect(engine.search(q(text))).resolves.toMatchObject({ ids: expect.any(Array) });
      await expect(engine.suggest(text, 'straight', 5)).resolves.toEqual(expect.any(Array));
    }
    expect((await engine.search(q("paris'"))).ids).toContain(ids['Paris Nights']);
  });
});

describe('search through the site', () => {
  let sut: TestApp;
  beforeAll(() => {
    sut = createTestApp({ videos: 60 });
  });
  afterAll(() => sut.close());

  it('GET /api/videos2.php: relevance search with the listing grammar, length rule and caching', async () => {
    const title = sut.db.$client
      .prepare("SELECT title FROM videos WHERE status_id = 1 AND gender = 'straight' ORDER BY id LIMIT 1")
      .pluck()
      .get() as string;
    const params = '600/straight/relevance/20/all..1.all.0.all';
    const { res, body } = await sut.json(`/api/videos2.php?params=${params}&s=${encodeURIComponent(title)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(body.videos[0].title).toBe(title);
    expect(body.total_count).toBeGreaterThan(0);
    for (const s of ['ab', ' a ', 'x'.repeat(70)]) {
      const bad = await sut.json(`/api/videos2.php?params=${params}&s=${encodeURIComponent(s)}`);
      expect(bad.res.status).toBe(400);
      expect(bad.body.code).toBe('search_length');
    }
    expect(
      (await sut.json(`/api/videos2.php?params=0/straight/relevance/20/member.1.1.favourites.0.all&s=paris`))
        .body.code,
    ).toBe('bad_section');
    // The query now feeds the suggester's popular searches.
    const first = title.toLowerCase().split(/\s+/)[0];
    const sug = await sut.json(`/api/suggester.php?c=${encodeURIComponent(first.slice(0, 4))}`);
    expect(sug.body).toEqual({
      keywords: expect.any(Array),
      categories: expect.any(Array),
      models: expect.any(Array),
    });
  });

  it('GET /api/suggester.php: keywords, categories and models from 3 characters', async () => {
    expect((await sut.json('/api/suggester.php?c=re')).body).toEqual({
      keywords: [],
      categories: [],
      models: [],
    });
    const { body } = await sut.json('/api/suggester.php?c=ret&lang=en');
    expect(body.categories[0]).toMatchObject({
      dir: 'retro',
      title: 'Retro',
      total_videos: expect.any(Number),
    });
  });

  it('index updates go through the job queue, and a failing engine only delays them', async () => {
    const sqlite = sut.db.$client;
    const id = sqlite
      .prepare("SELECT id FROM videos WHERE status_id = 1 AND gender = 'straight' ORDER BY id DESC LIMIT 1")
      .pluck()
      .get() as number;
    sqlite.prepare("UPDATE videos SET title = 'Zanzibar Holiday' WHERE id = ?").run(id);
    const search = () =>
      sut.json('/api/videos2.php?params=0/straight/relevance/20/all..1.all.0.all&s=zanzibar');
    expect((await search()).body.total_count).toBe(0);
    await sut.services.search.queueIndex([id]);
    const handlers = createJobHandlers(sut.services);
    const engine = sut.services.search.engine;
    const original = engine.index;
    engine.index = async () => {
      throw new Error('engine down');
    };
    const worker = createWorker({ queue: sut.services.jobs, handlers, log: pino({ level: 'silent' }) });
    await worker.drain();
    const job = sqlite
      .prepare("SELECT status, error FROM jobs WHERE name = 'search.index' ORDER BY id DESC")
      .get() as {
      status: string;
      error: string;
    };
    expect(job).toEqual({ status: 'queued', error: 'engine down' });
    engine.index = original;
    sqlite.prepare("UPDATE jobs SET run_at = 0 WHERE name = 'search.index'").run();
    await worker.drain();
    expect((await search()).body.videos[0].title).toBe('Zanzibar Holiday');
  });
});
