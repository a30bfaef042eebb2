import type { SelectQueryBuilder } from 'kysely';
import type { DialectName } from './dialect';

/**
 * Reads a row that the transaction then changes on the strength of what it read (an uploader's edit of a
 * video: a pending revision is inserted or replaced; a version group checked, then changed), so two nodes
 * doing it to the same video at once take turns (ADR 0041). PostgreSQL: `FOR UPDATE`, held until commit.
 * SQLite has no FOR UPDATE syntax and one writer at a time: the process's one connection runs one Kysely
 * transaction at a time, and another process's write fails its transaction with SQLITE_BUSY rather than
 * interleave (the unique index of pending revisions and the key of video_versions stand behind both).
 */
export function lockedForEdit<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}
