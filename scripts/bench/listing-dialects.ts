// The uncached video listing on SQLite and on PostgreSQL, in-process, over the same site: the SQLite bench
// database is copied into a throwaway PostgreSQL server (Debian's postgresql, as the contract tests use),
// vacuumed and analysed, then the same random listings (every sort, date, duration, hd and category filter,
// pages 1–50) run on both, one after the other; their answers must be identical.
// `npx tsx scripts/bench/listing-dialects.ts [site.db] [n] [out.json]` (a copy of the file is migrated to the
// newest schema); the slowest PostgreSQL listings are printed with SQLite's time for the same one.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, postgresDataLayer } from '@vt/db';
import { startPostgres } from '@vt/db/testing';
import { sql } from 'kysely';
import { createServices } from '../../apps/api/src/container';
import { parseVideos2 } from '../../apps/api/src/legacy/paths';
import { copySqliteToPostgres } from '../../packages/db/src/kysely/copy-to-postgres';
import { IN_PROCESS_CONFIG } from './in-process-config';
import { randomListingPaths } from './listing-latency';

const dir = mkdtempSync(join(tmpdir(), 'vt-listing-dialects-'));
const file = join(dir, 'site.db');
copyFileSync(process.argv[2] ?? 'data/bench/site.db', file);
const n = Number(process.argv[3] ?? 2000);
const config = IN_PROCESS_CONFIG;

const server = await startPostgres();
if (!server) throw new Error('PostgreSQL is not installed here');
const pg = postgresDataLayer(await server.freshDatabase(), { max: 4 });
const db = openDb(file);
try {
  let t0 = performance.now();
  await copySqliteToPostgres(db.$client, pg);
  // As autovacuum would have by now on a running site: statistics fresh and the visibility map set. An
  // analyse autovacuum started during the copy holds back what VACUUM may mark all-visible, and without
  // the map every index-only walk of a sort index visits the heap for each entry (68,643 heap fetches for
  // one deep category page): vacuum until it covers the videos.
  for (let round = 1; ; round++) {
    await sql`vacuum analyze`.execute(pg.db);
    const { rows } = await sql<{ pages: number; visible: number }>`select relpages as pages,
      relallvisible as visible from pg_class where oid = 'videos'::regclass`.execute(pg.db);
    if (rows[0]!.visible >= 0.99 * rows[0]!.pages) break;
    if (round === 20)
      throw new Error(`the visibility map covers ${rows[0]!.visible} of ${rows[0]!.pages} pages`);
  }
  // The bulk load's checkpoint done now, not writing while the listings are timed.
  await sql`checkpoint`.execute(pg.db);
  console.log(`copied into PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const onSqlite = createServices({ db, config });
  const onPostgres = createServices({ db, data: pg, config });
  const cats = (await onSqlite.catalog.categories('straight', 'en', 20)).map((c) => c.dir);
  const times = { SQLite: [] as number[], PostgreSQL: [] as number[] };
  const slow: { path: string; sqlite: number; postgres: number }[] = [];
  let differing = 0;
  for (const path of randomListingPaths(n, cats)) {
    const q = parseVideos2(path.slice('/api/json/videos2/'.length, -5));
    const answers = [];
    for (const [name, services] of [
      ['SQLite', onSqlite],
      ['PostgreSQL', onPostgres],
    ] as const) {
      t0 = performance.now();
      const r = await services.listing.list(q);
      times[name].push(performance.now() - t0);
      answers.push(JSON.stringify([r.totalCount, r.items.map((v) => v.id)]));
    }
    slow.push({ path, sqlite: times.SQLite.at(-1)!, postgres: times.PostgreSQL.at(-1)! });
    if (answers[0] !== answers[1]) {
      differing++;
      console.log(`differs: ${path}`);
    }
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;
  console.log(`${n} uncached listings, ${differing} differing answers`);
  const summary = Object.fromEntries(
    Object.entries(times).map(([name, xs]) => [
      name,
      { p50: pct(xs, 0.5), p95: pct(xs, 0.95), p99: pct(xs, 0.99) },
    ]),
  );
  for (const [name, s] of Object.entries(summary))
    console.log(
      `${name.padEnd(10)}  p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`,
    );
  console.log('slowest on PostgreSQL (ms, PostgreSQL / SQLite):');
  for (const s of slow.sort((a, b) => b.postgres - a.postgres).slice(0, 15))
    console.log(`  ${s.postgres.toFixed(1)} / ${s.sqlite.toFixed(1)}  ${s.path}`);
  const out = process.argv[4];
  if (out) {
    const videos = (db.$client.prepare('SELECT count(*) FROM videos').pluck().get() as number) ?? 0;
    const ratio = summary.PostgreSQL!.p99 / summary.SQLite!.p99;
    writeFileSync(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), videos, listings: n, differing, ...summary, p99Ratio: ratio, target: 'PostgreSQL p99 within 2x of SQLite' }, null, 2)}\n`,
    );
  }
} finally {
  await pg.close();
  await server.stop();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
