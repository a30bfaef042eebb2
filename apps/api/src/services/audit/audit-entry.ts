import { type AuditLogTable, type Database, writeJson } from '@vt/db';
import type { Insertable, Kysely } from 'kysely';
import type { AuditEntry } from './audit.service';

/** An audit_log row, built by the service that acts and written inside its repository's transaction. */
export type AuditRow = Insertable<AuditLogTable>;

export const auditRow = (e: AuditEntry, now: number): AuditRow => ({
  actor_id: e.actorId,
  action: e.action,
  target_type: e.targetType,
  target_id: e.targetId,
  reason: e.reason ?? null,
  before: e.before === undefined ? null : writeJson(e.before),
  after: e.after === undefined ? null : writeJson(e.after),
  created_at: now,
});

/**
 * The audit log's one insert, for a repository's transaction (`trx`), so that a change and its entry are
 * atomic on both databases (ADR 0041): the entry commits or rolls back with the change it records.
 */
export async function insertAuditEntry(trx: Kysely<Database>, row: AuditRow): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}
