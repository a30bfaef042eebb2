// `npx tsx scripts/bench/fingerprint-lookup.ts [count]`: looking up one fingerprint summary among a million
// stored (ADR 0034). Fills a temporary SQLite table shaped like video_fingerprints with random summaries
// and a few planted near copies, then times the index the ingest uses: its first load, the catch-up
// probe every lookup makes, and the scan. Writes bench/results/fingerprint-lookup-<date>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteDataLayer } from '@vt/db';
import Database from 'better-sqlite3';
import { createFingerprintsRepository } from '../../apps/api/src/services/screening/fingerprints.repository';
import { createSummaryIndex } from '../../apps/api/src/services/screening/summary-index';

const COUNT = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 21;
const dir = mkdtempSync(join(tmpdir(), 'vt-fp-bench-'));
const db = new Database(join(dir, 'bench.db'));
db.pragma('journal_mode = WAL');
db.exec(`CREATE TABLE video_fingerprints (video_id integer PRIMARY KEY NOT NULL, summary_hi integer NOT NULL,
  summary_lo integer NOT NULL, seconds integer NOT NULL, created_at integer NOT NULL, seq integer NOT NULL);
  CREATE INDEX video_fingerprints_seq_idx ON video_fingerprints (seq);`);

let seed = 12345;
const random32 = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  const a = seed >>> 16;
  seed = (seed * 1103515245 + 12345) >>> 0;
  return ((a << 16) | (seed >>> 16)) >>> 0;
};
/** A copy's summary: the original's with a few bits flipped (copies were 0–21 bits away on the corpus). */
const flip = (w: number, bits: number) => {
  let out = w;
  for (let i = 0; i < bits; i++) out ^= 1 << (random32() % 32);
  return out >>> 0;
};

const query = { hi: random32(), lo: random32() };
const insert = db.prepare('INSERT INTO video_fingerprints VALUES (?, ?, ?, 1800, 0, ?)');
let t = performance.now();
db.transaction(() => {
  for (let id = 1; id <= COUNT; id++) {
    // Every 200,000th is a near copy of the query, so the scan has something to find.
    if (id % 200_000 === 0) insert.run(id, flip(query.hi, 4), flip(query.lo, 4), id);
    else insert.run(id, random32(), random32(), id);
  }
})();
const fillMs = performance.now() - t;

const ROWS_SINCE =
  'SELECT video_id, summary_hi, summary_lo, seq FROM video_fingerprints WHERE seq > ? ORDER BY seq';
const index = createSummaryIndex(createFingerprintsRepository(sqliteDataLayer(db)).summariesSince);
t = performance.now();
const first = await index.nearest(query, 21);
const firstMs = performance.now() - t;

const catchUp = db.prepare(
  ROWS_SINCE.replace('SELECT video_id, summary_hi, summary_lo, seq', 'SELECT count(*)'),
);
const times: number[] = [];
const signatureTimes: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const q = r === 0 ? query : { hi: random32(), lo: random32() };
  let s = performance.now();
  catchUp.pluck().get(COUNT);
  signatureTimes.push(performance.now() - s);
  s = performance.now();
  await index.nearest(q, 21);
  times.push(performance.now() - s);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p100 = (xs: number[]) => Math.max(...xs);
const lookupMs = median(times);
const result = {
  date: new Date().toISOString(),
  machine: '2 cores shared with other work (figures are upper bounds)',
  stored: COUNT,
  plantedCopies: Math.floor(COUNT / 200_000),
  plantedCopiesFound: first.filter((id) => id % 200_000 === 0).length,
  fillMs: Math.round(fillMs),
  firstLookupMs: Math.round(firstMs),
  catchUpCheckMedianMs: +median(signatureTimes).toFixed(1),
  lookupMedianMs: +lookupMs.toFixed(1),
  lookupMaxMs: +p100(times).toFixed(1),
  memoryBytes: COUNT * 8 + COUNT * 8,
  note:
    'lookupMedianMs: the whole nearest() call on a warm index (one index probe for rows written since + linear ' +
    'XOR-popcount scan of the typed array); firstLookupMs includes reading every row once, when the process starts; later lookups read only rows written since.',
};
console.log(result);
const out = join('bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, `fingerprint-lookup-${result.date.slice(0, 10)}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
db.close();
rmSync(dir, { recursive: true, force: true });
