import type { SelectQueryBuilder } from 'kysely';
import type { DialectName } from './dialect';

/**
 * Claiming one row among competing workers (ADR 0041). PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two
 * claimers never wait on or take the same row. SQLite has one writer at a time, so an UPDATE whose WHERE
 * picks the row by subquery is already atomic, and it has no FOR UPDATE syntax.
 */
export function skipLockedRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}
