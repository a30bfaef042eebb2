import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDb, postgresDataLayer, sqliteDataLayer } from '@vt/db';
import { startPostgres } from '@vt/db/testing';
import { sql } from 'kysely';
import { createFts5Engine } from '../../apps/api/src/services/search/fts5-engine';
import { createPostgresEngine } from '../../apps/api/src/services/search/postgres-engine';
import { createSearchRepository } from '../../apps/api/src/services/search/search.repository';
import type { SearchEngine, SearchQuery, SearchSort } from '../../apps/api/src/services/search/search-engine';
import { percentile } from './listing-latency';

const BATCH = 2000;

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

/** Queries as visitors type them: one or two title words, every sort, some filters, pages 1–5. */
export function randomQueries(n: number, words: string[], seed = 29): SearchQuery[] {
  const rnd = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sorts: SearchSort[] = [
    'relevance',
    'relevance',
    'relevance',
    'latest-updates',
    'most-viewed',
    'top-rated',
  ];
  return Array.from({ length: n }, () => ({
    text: rnd() < 0.3 ? `${pick(words)} ${pick(words)}` : pick(words),
    sort: pick(sorts),
    page: 1 + Math.floor(rnd() * 5),
    count: 60,
    filters: {
      gender: 'straight',
      duration: Math.floor(rnd() * 4) as 0 | 1 | 2 | 3,
      hdOnly: rnd() < 0.2,
      date: 'all',
    },
  }));
}

/** n, p50, p95 and p99 of a list of times. */
export const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};

/**
 * Search and suggester latency of the FTS5 and PostgreSQL engines on the same videos, in one process and
 * one run, the queries interleaved so both see the same machine: p50/p95/p99 and PostgreSQL's p99 as a
 * multiple of FTS5's (target ≤ 2, issue 21). The PostgreSQL index is built from the bench database first.
 */
export async function benchSearchEngines(databaseFile: string, queries = 1000) {
  const db = openDb(databaseFile, { readonly: true });
  const sqlite = db.$client;
  const pg = await startPostgres();
  if (!pg) return { skipped: 'PostgreSQL is not installed' };
  const layer = postgresDataLayer(await pg.freshDatabase());
  try {
    const engines: [string, SearchEngine][] = [
      ['fts5', createFts5Engine(sqlite)],
      [
        'postgres',
        createPostgresEngine({ repo: createSearchRepository(sqliteDataLayer(sqlite)), db: layer.db }),
      ],
    ];
    const postgres = engines[1]![1];
    await postgres.init();
    const ids = sqlite
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id')
      .pluck()
      .all() as number[];
    const started = performance.now();
    for (let i = 0; i < ids.length; i += BATCH) {
      await postgres.index(ids.slice(i, i + BATCH));
      process.stdout.write(`\rindexing PostgreSQL: ${Math.min(i + BATCH, ids.length)} / ${ids.length}`);
    }
    process.stdout.write('\n');
    const indexSeconds = (performance.now() - started) / 1000;
    // As autovacuum would have by now on a running site: hint bits set, statistics fresh.
    await sql`VACUUM ANALYZE search_videos`.execute(layer.db);
    // and the checkpoint after the bulk load is done, not writing while the queries are timed.
    await sql`CHECKPOINT`.execute(layer.db);

    const words = [
      ...new Set(
        (sqlite.prepare('SELECT title FROM videos ORDER BY id DESC LIMIT 400').pluck().all() as string[])
          .flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u))
          .filter((w) => w.length >= 3),
      ),
    ];
    const list = randomQueries(queries, words);
    const prefixes = list.map((q) => q.text.slice(0, 3 + (q.text.length % 4)));
    const times: Record<string, { search: number[]; suggest: number[] }> = {
      fts5: { search: [], suggest: [] },
      postgres: { search: [], suggest: [] },
    };
    // Warm both, then interleave.
    for (const q of list.slice(0, 50)) for (const [, e] of engines) await e.search(q);
    for (let i = 0; i < list.length; i++) {
      for (const [name, e] of engines) {
        let t = performance.now();
        await e.search(list[i]!);
        times[name]!.search.push(performance.now() - t);
        t = performance.now();
        await e.suggest(prefixes[i]!, 'straight', 10);
        times[name]!.suggest.push(performance.now() - t);
      }
    }
    const fts5 = { search: summary(times.fts5!.search), suggest: summary(times.fts5!.suggest) };
    const pgStats = { search: summary(times.postgres!.search), suggest: summary(times.postgres!.suggest) };
    // The tail's queries, to read their plans.
    const slowest = times
      .postgres!.search.map((ms, i) => ({ ms, fts5: times.fts5!.search[i]!, query: list[i]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    return {
      videos: ids.length,
      postgresIndexSeconds: indexSeconds,
      fts5,
      postgres: pgStats,
      p99Ratio: {
        search: pgStats.search.p99 / fts5.search.p99,
        suggest: pgStats.suggest.p99 / fts5.suggest.p99,
      },
      target: 'PostgreSQL p99 within 2x of SQLite',
      slowestPostgresSearches: slowest,
    };
  } finally {
    await layer.close();
    await pg.stop();
    sqlite.close();
  }
}

// `npx tsx scripts/bench/search-engines.ts [site.db] [queries] [out.json]`: this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSearchEngines(
    process.argv[2] ?? 'data/bench/site.db',
    Number(process.argv[3] ?? 1000),
  );
  console.log(JSON.stringify(r, null, 2));
  const out = process.argv[4];
  if (out)
    writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), searchEngines: r }, null, 2)}\n`);
}
