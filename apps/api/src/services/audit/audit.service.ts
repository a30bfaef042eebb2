import { writeJson } from '@vt/db';
import type { Clock } from '../shared/clock';
import type { AuditRepository } from './audit.repository';

export const AUDIT_ACTIONS = [
  'video.approve',
  'video.reject',
  'video.takedown',
  'video.delete',
  'video_edit.approve',
  'video_edit.reject',
  'album.approve',
  'album.reject',
  'report.dismiss',
  'comment.delete',
  'member.ban',
  'member.unban',
  'member.create',
  'role.grant',
  'role.revoke',
  'dmca.takedown',
  'captions.set',
  'captions.remove',
  'video.version_group',
  'video.version_canonical',
  'video.version_ungroup',
  'video.restore',
  'provenance.set',
  'appeal.uphold',
  'appeal.reverse',
  // Fingerprints, blocklists and quarantine (ADR 0034).
  'video.approve_copy',
  'video.quarantine',
  'quarantine.release',
  'quarantine.delete',
  'blocklist.import',
  'blocklist.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  targetType: 'video' | 'album' | 'report' | 'comment' | 'member' | 'takedown' | 'appeal' | 'blocklist';
  targetId: number | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  actorId?: number;
  action?: AuditAction;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
  page: number;
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * The append-only record of every moderator and admin action: nothing here updates or deletes a row, and
 * the database refuses to (triggers on SQLite and PostgreSQL). Entries go through the data layer (ADR 0041).

 */
export function createAuditLog({ repo, clock }: { repo: AuditRepository; clock: Clock }) {
  const row = (e: AuditEntry) => ({
    actor_id: e.actorId,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    reason: e.reason ?? null,
    before: e.before === undefined ? null : writeJson(e.before),
    after: e.after === undefined ? null : writeJson(e.after),
    created_at: clock.now(),
  });

  return {
    async record(e: AuditEntry): Promise<void> {
      await repo.insert(row(e));
    },

    async list(f: AuditFilter) {
      const where = { actorId: f.actorId, action: f.action, from: f.from, to: f.to };
      const [total, rows] = await Promise.all([
        repo.count(where),
        repo.page({ ...where, limit: AUDIT_PAGE_SIZE, offset: (f.page - 1) * AUDIT_PAGE_SIZE }),
      ]);
      return { total, entries: rows.map((r) => ({ ...r, action: r.action as AuditAction })) };
    },

    /** The people who appear as actors, for the log's filter. */
    actors(): Promise<{ id: number; name: string }[]> {
      return repo.actors();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
