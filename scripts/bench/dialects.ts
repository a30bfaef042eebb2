// The uncached listing, search and suggester on SQLite and on PostgreSQL, in-process, over the same site
// (issue 21): the SQLite bench database is copied into a throwaway PostgreSQL server (Debian's postgresql, as
// the contract tests use), vacuumed and analysed, its search index built, then the same random listings
// (every sort, date, duration, hd and category filter, pages 1–50), searches and suggester prefixes run
// through the services on both, interleaved so both see the same machine. Listings must answer the same.
// `npx tsx scripts/bench/dialects.ts [site.db] [listings] [out.json]` runs this section alone (a copy of the
// file is migrated to the newest schema) and prints the slowest PostgreSQL listings and searches;
// DIALECTS_KEEP=1 keeps both copies until Ctrl-C, to EXPLAIN what was slow; then
// `DIALECTS_POSTGRES_URL=<its url> npx tsx scripts/bench/dialects.ts <its SQLite copy>` times them again.
import { closeSync, copyFileSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb, postgresDataLayer } from '@vt/db';
import { startPostgres } from '@vt/db/testing';
import { sql } from 'kysely';
import { createServices, type Services } from '../../apps/api/src/container';
import { parseVideos2 } from '../../apps/api/src/legacy/paths';
import { copySqliteToPostgres } from '../../packages/db/src/kysely/copy-to-postgres';
import { IN_PROCESS_CONFIG } from './in-process-config';
import { randomListingPaths } from './listing-latency';
import { randomQueries, summary } from './search-engines';

const DIALECTS = ['SQLite', 'PostgreSQL'] as const;
const POSTGRES_SETTINGS = {
  shared_buffers: '2GB',
  effective_cache_size: '6GB',
  work_mem: '16MB',
  random_page_cost: '1.1',
};
type Dialect = (typeof DIALECTS)[number];
type Measure = 'listing' | 'search' | 'suggester';

export async function benchDialects(
  databaseFile: string,
  opts: { listings?: number; queries?: number } = {},
) {
  const listings = opts.listings ?? 2000;
  const queries = opts.queries ?? 1000;
  const copies = await (process.env.DIALECTS_POSTGRES_URL
    ? keptCopies(databaseFile, process.env.DIALECTS_POSTGRES_URL)
    : freshCopies(databaseFile));
  if (!copies) return { skipped: 'PostgreSQL is not installed' } as const;
  const { db, pg, services } = copies;
  try {
    // Both databases' files in the page cache, as on a site that has been serving for a while: the copy
    // and the index build wrote gigabytes after the SQLite file was copied, and the first timed run found
    // its pages evicted (search p95 45 ms there, 15 ms on the same file read once).
    const t0 = performance.now();
    readThrough(copies.file);
    await sql`create extension if not exists pg_prewarm`.execute(pg.db);
    await sql`select sum(pg_prewarm(c.oid, 'read')) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'i', 'm')`.execute(pg.db);
    // The search index and the listings' sort keys with their indexes in the buffer pool too, as their use
    // keeps them.
    await sql`select sum(pg_prewarm(c.oid, 'buffer')) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and (c.relname like 'search_videos%' or c.relname like 'video_sort_keys%')`.execute(
      pg.db,
    );
    console.log(
      `read both databases into the page cache in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );

    const cats = (await services.SQLite.catalog.categories('straight', 'en', 20)).map((c) => c.dir);
    const words = [
      ...new Set(
        (db.$client.prepare('SELECT title FROM videos ORDER BY id DESC LIMIT 400').pluck().all() as string[])
          .flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u))
          .filter((w) => w.length >= 3),
      ),
    ];
    const searches = randomQueries(queries, words);
    const prefixes = searches.map((q) => q.text.slice(0, 3 + (q.text.length % 4)));
    const listingPaths = randomListingPaths(listings, cats);
    const calls: Record<Measure, ((s: Services) => Promise<unknown>)[]> = {
      listing: listingPaths.map((path) => {
        const q = parseVideos2(path.slice('/api/json/videos2/'.length, -5));
        return async (s) => {
          const r = await s.listing.list(q);
          return [r.totalCount, r.items.map((v) => v.id)];
        };
      }),
      search: searches.map((q) => (s) => s.search.search(q)),
      suggester: prefixes.map((p) => (s) => s.search.suggest(p, 'en', 'straight')),
    };
    const labels: Record<Measure, string[]> = {
      listing: listingPaths,
      search: searches.map((q) => JSON.stringify(q)),
      suggester: prefixes,
    };
    const times = Object.fromEntries(
      (Object.keys(calls) as Measure[]).map((m) => [
        m,
        { SQLite: [] as number[], PostgreSQL: [] as number[] },
      ]),
    ) as Record<Measure, Record<Dialect, number[]>>;
    let differing = 0;
    for (const measure of Object.keys(calls) as Measure[]) {
      // Warm both on the first calls, then time every call on each database in turn.
      for (const call of calls[measure].slice(0, 50)) for (const d of DIALECTS) await call(services[d]);
      for (const [i, call] of calls[measure].entries()) {
        const answers: string[] = [];
        for (const d of DIALECTS) {
          const t = performance.now();
          const r = await call(services[d]);
          times[measure][d].push(performance.now() - t);
          if (measure === 'listing') answers.push(JSON.stringify(r));
        }
        if (measure === 'listing' && answers[0] !== answers[1]) {
          differing++;
          console.log(`differs: ${labels.listing[i]}`);
        }
      }
    }
    const result = Object.fromEntries(
      (Object.keys(times) as Measure[]).map((m) => {
        const sqlite = summary(times[m].SQLite);
        const postgres = summary(times[m].PostgreSQL);
        return [m, { SQLite: sqlite, PostgreSQL: postgres, p99Ratio: postgres.p99 / sqlite.p99 }];
      }),
    ) as Record<
      Measure,
      { SQLite: ReturnType<typeof summary>; PostgreSQL: ReturnType<typeof summary>; p99Ratio: number }
    >;
    const slowest = (m: Measure) =>
      times[m].PostgreSQL.map((ms, i) => ({ postgres: ms, sqlite: times[m].SQLite[i]!, call: labels[m][i]! }))
        .sort((a, b) => b.postgres - a.postgres)
        .slice(0, 10);
    return {
      videos: db.$client.prepare('SELECT count(*) FROM videos').pluck().get() as number,
      copySeconds: copies.copySeconds,
      postgresSearchIndexSeconds: copies.indexSeconds,
      differingListings: differing,
      ...result,
      targets: {
        SQLite: 'listing p99 < 25 ms, search p95 < 30 ms, suggester p95 < 10 ms',
        PostgreSQL: 'p99 within 2x of SQLite',
      },
      slowestPostgres: { listing: slowest('listing'), search: slowest('search') },
    };
  } finally {
    // DIALECTS_KEEP=1: the copies stay up for EXPLAIN, or for DIALECTS_POSTGRES_URL runs, until Ctrl-C.
    if (process.env.DIALECTS_KEEP === '1') {
      console.log(
        `PostgreSQL copy kept at ${copies.url}; SQLite copy at ${copies.file}; Ctrl-C to drop both`,
      );
      // A pending promise alone does not keep Node running: the timer does.
      const alive = setInterval(() => {}, 60_000);
      await new Promise((resolve) => process.once('SIGINT', resolve));
      clearInterval(alive);
    }
    await copies.close();
  }
}

interface Copies {
  db: ReturnType<typeof openDb>;
  pg: ReturnType<typeof postgresDataLayer>;
  file: string;
  url: string;
  services: Record<Dialect, Services>;
  copySeconds: number;
  indexSeconds: number;
  close(): Promise<void>;
}

/**
 * The bench site copied into a throwaway PostgreSQL server, vacuumed and analysed, its search index built;
 * and the services on each.
 */
async function freshCopies(databaseFile: string): Promise<Copies | null> {
  // Sized as docs/operations.md sizes a PostgreSQL node of 8 GB (the defaults are a 128 MB buffer pool, in
  // which a million videos' search index does not fit).
  const server = await startPostgres(POSTGRES_SETTINGS);
  if (!server) return null;
  const dir = mkdtempSync(join(tmpdir(), 'vt-dialects-'));
  const file = join(dir, 'site.db');
  copyFileSync(databaseFile, file);
  const url = await server.freshDatabase();
  const pg = postgresDataLayer(url, { max: 4 });
  const db = openDb(file);
  const close = async () => {
    await pg.close();
    await server.stop();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let t0 = performance.now();
    let last = 0;
    await copySqliteToPostgres(db.$client, pg, (table, done, total) => {
      if (done - last < 50_000 && done !== total) return;
      last = done;
      process.stdout.write(`\rcopying into PostgreSQL: ${done} / ${total} rows ${table}`.padEnd(70));
    });
    process.stdout.write('\n');
    // As autovacuum would have by now on a running site: statistics fresh and the visibility map set. An
    // analyse autovacuum started during the copy holds back what VACUUM may mark all-visible, and without
    // the map every index-only walk of a sort index visits the heap for each entry (68,643 heap fetches for
    // one deep category page): vacuum until it covers the videos and their sort keys' copy.
    for (let round = 1; ; round++) {
      await sql`vacuum analyze`.execute(pg.db);
      const { rows } = await sql<{ pages: number; visible: number }>`select sum(relpages) as pages,
        sum(relallvisible) as visible from pg_class
        where oid in ('videos'::regclass, 'video_sort_keys'::regclass)`.execute(pg.db);
      if (rows[0]!.visible >= 0.99 * rows[0]!.pages) break;
      if (round === 20)
        throw new Error(`the visibility map covers ${rows[0]!.visible} of ${rows[0]!.pages} pages`);
    }
    const copySeconds = (performance.now() - t0) / 1000;
    console.log(`copied into PostgreSQL in ${copySeconds.toFixed(0)} s`);
    const services = servicesOn(db, pg);
    t0 = performance.now();
    await services.PostgreSQL.search.reindexAll((done, total) =>
      process.stdout.write(`\rindexing PostgreSQL search: ${done} / ${total}`),
    );
    process.stdout.write('\n');
    const indexSeconds = (performance.now() - t0) / 1000;
    await sql`vacuum analyze`.execute(pg.db);
    // The bulk load's checkpoint done now, not writing while the queries are timed.
    await sql`checkpoint`.execute(pg.db);
    return { db, pg, file, url, services, copySeconds, indexSeconds, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Copies a DIALECTS_KEEP run left up: the SQLite copy `file` and the PostgreSQL database at `url`. */
async function keptCopies(file: string, url: string): Promise<Copies> {
  const pg = postgresDataLayer(url, { max: 4 });
  const db = openDb(file);
  const close = async () => {
    await pg.close();
    db.$client.close();
  };
  return { db, pg, file, url, services: servicesOn(db, pg), copySeconds: 0, indexSeconds: 0, close };
}

const servicesOn = (db: ReturnType<typeof openDb>, pg: ReturnType<typeof postgresDataLayer>) =>
  ({
    SQLite: createServices({ db, config: IN_PROCESS_CONFIG }),
    PostgreSQL: createServices({ db, data: pg, config: IN_PROCESS_CONFIG }),
  }) satisfies Record<Dialect, Services>;

/** Reads a file through once, so the OS caches its pages. */
function readThrough(path: string) {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(8 << 20);
  try {
    while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

export function describeDialects(r: Awaited<ReturnType<typeof benchDialects>>): string {
  if ('skipped' in r) return `dialects: skipped, ${r.skipped}`;
  const line = (m: Measure) =>
    `${m} SQLite p50/p95/p99 ${r[m].SQLite.p50.toFixed(2)}/${r[m].SQLite.p95.toFixed(2)}/${r[m].SQLite.p99.toFixed(2)} ms, PostgreSQL ${r[m].PostgreSQL.p50.toFixed(2)}/${r[m].PostgreSQL.p95.toFixed(2)}/${r[m].PostgreSQL.p99.toFixed(2)} ms (p99 ×${r[m].p99Ratio.toFixed(2)})`;
  return `dialects (${r.videos} videos, ${r.differingListings} differing listings; copy ${r.copySeconds.toFixed(0)} s, search index ${r.postgresSearchIndexSeconds.toFixed(0)} s):\n  ${line('listing')}\n  ${line('search')}\n  ${line('suggester')}\n  targets: SQLite listing p99 < 25 ms, search p95 < 30 ms, suggester p95 < 10 ms; PostgreSQL p99 ≤ 2× SQLite's`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchDialects(process.argv[2] ?? 'data/bench/site.db', {
    listings: Number(process.argv[3] ?? 2000),
  });
  console.log(describeDialects(r));
  if (!('skipped' in r))
    for (const m of ['listing', 'search'] as const) {
      console.log(`slowest ${m}s on PostgreSQL (ms, PostgreSQL / SQLite):`);
      for (const s of r.slowestPostgres[m])
        console.log(`  ${s.postgres.toFixed(1)} / ${s.sqlite.toFixed(1)}  ${s.call}`);
    }
  const out = process.argv[4];
  if (out)
    writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), dialects: r }, null, 2)}\n`);
  process.exit(0);
}
