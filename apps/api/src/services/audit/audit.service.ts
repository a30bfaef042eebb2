import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';

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

/** The append-only record of every moderator and admin action: nothing here updates or deletes a row. */
export function createAuditLog({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const insert = sqlite.prepare(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, reason, before, after, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

  return {
    record(e: AuditEntry): void {
      insert.run(
        e.actorId,
        e.action,
        e.targetType,
        e.targetId,
        e.reason ?? null,
        json(e.before),
        json(e.after),
        clock.now(),
      );
    },

    list(f: AuditFilter) {
      const conditions: [string, string | number | undefined][] = [
        ['a.actor_id = ?', f.actorId],
        ['a.action = ?', f.action],
        ['a.created_at >= ?', f.from],
        ['a.created_at <= ?', f.to],
      ];
      const used = conditions.filter(([, value]) => value !== undefined);
      const where = used.map(([sql]) => sql);
      const args = used.map(([, value]) => value as string | number);
      const sqlWhere = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = sqlite
        .prepare(`SELECT count(*) FROM audit_log a ${sqlWhere}`)
        .pluck()
        .get(...args) as number;
      const rows = sqlite
        .prepare(
          `SELECT a.id, a.actor_id AS actorId, m.name AS actorName, a.action, a.target_type AS targetType,
             a.target_id AS targetId, a.reason, a.before, a.after, a.created_at AS createdAt
           FROM audit_log a LEFT JOIN members m ON m.id = a.actor_id ${sqlWhere}
           ORDER BY a.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, AUDIT_PAGE_SIZE, (f.page - 1) * AUDIT_PAGE_SIZE) as {
        id: number;
        actorId: number | null;
        actorName: string | null;
        action: AuditAction;
        targetType: string;
        targetId: number | null;
        reason: string | null;
        before: string | null;
        after: string | null;
        createdAt: number;
      }[];
      return {
        total,
        entries: rows.map((r) => ({
          ...r,
          before: r.before ? (JSON.parse(r.before) as unknown) : null,
          after: r.after ? (JSON.parse(r.after) as unknown) : null,
        })),
      };
    },

    /** The people who appear as actors, for the log's filter. */
    actors(): { id: number; name: string }[] {
      return sqlite
        .prepare(
          `SELECT id, name FROM members WHERE role IN ('moderator', 'admin')
             OR id IN (SELECT DISTINCT actor_id FROM audit_log WHERE actor_id IS NOT NULL) ORDER BY name`,
        )
        .all() as { id: number; name: string }[];
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
