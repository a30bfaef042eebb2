import { nearestSummaries } from '@vt/media';
import type Database from 'better-sqlite3';

/**
 * Fingerprint summaries of a table held in memory as one typed array (ADR 0034): a scan of a million is a
 * few milliseconds. `rows` selects (id, summary_hi, summary_lo); `signature` is one cheap value that moves
 * whenever a row is added, removed or changed (another worker indexed a video, one was deleted), and the
 * array is read again then.
 */
export function createSummaryIndex(sqlite: Database.Database, sql: { rows: string; signature: string }) {
  const signature = sqlite.prepare(sql.signature).pluck();
  const all = sqlite.prepare(sql.rows).raw();
  let seen: unknown = null;
  let ids: number[] = [];
  let table = new Uint32Array(0);
  function load() {
    const now = signature.get();
    if (now === seen) return;
    const rows = all.all() as [number, number, number][];
    ids = rows.map((r) => r[0]);
    table = new Uint32Array(rows.length * 2);
    rows.forEach(([, hi, lo], k) => {
      table[2 * k] = hi;
      table[2 * k + 1] = lo;
    });
    seen = now;
  }
  return {
    /** Ids of the stored summaries nearest to `summary`, nearest first. */
    nearest(summary: { hi: number; lo: number }, limit: number): number[] {
      load();
      return nearestSummaries(summary, table, limit).map((c) => ids[c.index]!);
    },
  };
}
