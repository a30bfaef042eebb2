import { nearestSummaries } from '@vt/media';

/** One stored summary: the row's id, the 64-bit summary as two words, and its sequence number. */
export interface SummaryRow {
  id: number;
  hi: number;
  lo: number;
  seq: number;
}

/** Rows read per query while catching up (the first lookup reads the whole table this way). */
const CATCH_UP_BATCH = 10_000;

/**
 * Fingerprint summaries of a table held in memory as one typed array (ADR 0034): a scan of a million is a
 * few milliseconds. Each lookup first reads the rows written since the last one it saw (`rowsSince` takes the
 * last sequence number and a limit and returns rows in sequence order, through an index): another worker's
 * new or re-processed videos join at once, and an unchanged table costs one index probe.
 * The array only grows: a re-written row is appended again (its old summary stays, a harmless extra
 * candidate) and deleted rows stay; candidates are always checked against their table before use.
 */
export function createSummaryIndex(rowsSince: (seq: number, limit: number) => Promise<SummaryRow[]>) {
  let seq = -1;
  let size = 0;
  let ids = new Float64Array(1024);
  let table = new Uint32Array(2048);
  // Concurrent lookups share one catch-up, so no row is appended twice by two readers of the same batch.
  let catching: Promise<void> | null = null;

  function append({ id, hi, lo, seq: s }: SummaryRow) {
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

  async function readNew() {
    for (;;) {
      const rows = await rowsSince(seq, CATCH_UP_BATCH);
      for (const r of rows) append(r);
      if (rows.length < CATCH_UP_BATCH) return;
    }
  }

  function catchUp(): Promise<void> {
    catching ??= readNew().finally(() => {
      catching = null;
    });
    return catching;
  }

  return {
    /** Ids of the stored summaries nearest to `summary` (within the candidate distance), nearest first. */
    async nearest(summary: { hi: number; lo: number }, limit: number): Promise<number[]> {
      await catchUp();
      const found = nearestSummaries(summary, table.subarray(0, 2 * size), limit).map((c) => ids[c.index]!);
      return [...new Set(found)];
    },
  };
}
