import { sql, type Transaction } from 'kysely';
import type { DialectName } from './dialect';

/** The advisory lock class of "one member's uploads" ('upld'), so it cannot meet another lock's keys. */
const UPLOADS_LOCK_CLASS = 0x75706c64;

/**
 * Serialises transactions that count a member's uploads and then add one (ADR 0041), so concurrent requests
 * never pass the limit together. PostgreSQL: a transaction-scoped advisory lock on (uploads, member), held
 * until commit, on any node. SQLite: nothing to do, since the process's one connection runs one Kysely
 * transaction at a time and its body awaits only its own queries.
 */
export async function lockMemberUploads<DB>(
  trx: Transaction<DB>,
  dialect: DialectName,
  memberId: number,
): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${UPLOADS_LOCK_CLASS}, ${memberId})`.execute(trx);
}
