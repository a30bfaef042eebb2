import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import type { DialectName } from './dialect';

/**
 * Tables that summary indexes read "rows after the last sequence number seen" from (ADR 0034):
 * video_fingerprints by `seq` (the next one is max + 1), blocklist_fingerprints by id.
 */
export type SequencedTable = 'video_fingerprints' | 'blocklist_fingerprints';

/**
 * Makes the rows a transaction writes to a sequenced table visible in sequence order. SQLite has one writer,
 * so it already is. On PostgreSQL two writers could take the same `max(seq) + 1`, or commit identity ids out of
 * order, and a reader that saw the later number would never read the earlier row: the first statement of
 * such a transaction takes a lock that writers of the table queue on until commit (readers do not wait).
 */
export async function lockSequencedTable(
  trx: Kysely<Database>,
  dialect: DialectName,
  table: SequencedTable,
): Promise<void> {
  if (dialect === 'postgres')
    await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}
