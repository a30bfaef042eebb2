import { nearestSummaries } from '@vt/media';
import type Database from 'better-sqlite3';

/**
 * Fingerprint summaries of a table held in memory as one typed array (ADR 0034): a scan of a million is a
 * few milliseconds. Each lookup first reads the rows written since the last one it saw (`rows` takes the
 * last sequence number and selects id, summary_hi, summary_lo, seq in sequence order, through an index):
 * another worker's new or re-processed videos join at once, and an unchanged table costs one index probe.
 * The array only grows: a re-written row is appended again (its old summary stays, a harmless extra
 * candidate) and deleted rows stay; candidates are always checked against their table before use.
 */
export function createSummaryIndex(sqlite: Database.Database, rowsSince: string) {
  const since = sqlite.prepare(rowsSince).raw();
  let seq = -1;
  let size = 0;
  let ids = new Float64Array(1024);
  let table = new Uint32Array(2048);

  function catchUp() {
    for (const [id, hi, lo, s] of since.iterate(seq) as IterableIterator<[number, number, number, number]>) {
      if (size === ids.length) {
        const grownIds = new Float64Array(size * 2);
        grownIds.set(ids);
        ids = grownIds;
        const grown = new Uint32Array(size * 4);
        grown.set(table);
        table = grown;
      }
      const k = size++;
      ids[k] = id;
      table[2 * k] = hi;
      table[2 * k + 1] = lo;
      seq = Math.max(seq, s);
    }
  }

  return {
    /** Ids of the stored summaries nearest to `summary` (within the candidate distance), nearest first. */
    nearest(summary: { hi: number; lo: number }, limit: number): number[] {
      catchUp();
      const found = nearestSummaries(summary, table.subarray(0, 2 * size), limit).map((c) => ids[c.index]!);
      return [...new Set(found)];
    },
  };
}
