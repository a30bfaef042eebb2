import type { Role } from '@vt/db';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { Clock } from '../shared/clock';

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: Role;
  status: string;
}

/** Who moderates: accounts made from the shell, and the moderator role admins grant and revoke. */
export function createTeam({
  sqlite,
  clock,
  audit,
}: {
  sqlite: Database.Database;
  clock: Clock;
  audit: AuditLog;
}) {
  const byId = sqlite.prepare('SELECT id, name, email, role, status FROM members WHERE id = ?');
  return {
    staff(): StaffMember[] {
      return sqlite
        .prepare(
          "SELECT id, name, email, role, status FROM members WHERE role IN ('moderator', 'admin') ORDER BY role, name",
        )
        .all() as StaffMember[];
    },

    /** Members whose name starts with the query, to grant the role to. */
    find(query: string): StaffMember[] {
      return sqlite
        .prepare(
          `SELECT id, name, email, role, status FROM members WHERE name LIKE ? ESCAPE '\\' ORDER BY name LIMIT 20`,
        )
        .all(`${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as StaffMember[];
    },

    /** Grants or revokes the moderator role. Admins are made from the shell only, and nobody changes their own role. */
    setModerator(actorId: number, memberId: number, moderator: boolean): StaffMember {
      const m = byId.get(memberId) as StaffMember | undefined;
      if (!m) throw new AppError('not_found', { status: 404, message: 'Not found' });
      if (memberId === actorId || m.role === 'admin')
        throw new AppError('role_locked', { status: 403, message: 'This role cannot be changed here' });
      const role: Role = moderator ? 'moderator' : 'member';
      if (m.role === role) return m;
      sqlite.prepare('UPDATE members SET role = ? WHERE id = ?').run(role, memberId);
      audit.record({
        actorId,
        action: moderator ? 'role.grant' : 'role.revoke',
        targetType: 'member',
        targetId: memberId,
        before: { role: m.role },
        after: { role },
      });
      return { ...m, role };
    },

    /** An active account with a role, as `npm run admin -- create` makes it (email already confirmed). */
    async createAccount(input: {
      name: string;
      email: string;
      password: string;
      role: Role;
    }): Promise<number> {
      const taken = sqlite
        .prepare('SELECT name, email FROM members WHERE lower(name) = lower(?) OR lower(email) = lower(?)')
        .get(input.name, input.email) as { name: string; email: string } | undefined;
      if (taken)
        throw new AppError(
          taken.name.toLowerCase() === input.name.toLowerCase() ? 'name_taken' : 'email_taken',
          {
            status: 409,
            message: 'An account with this name or email already exists',
          },
        );
      const hash = await hashPassword(input.password);
      const id = Number(
        sqlite
          .prepare(
            "INSERT INTO members (name, email, password_hash, role, status, created_at) VALUES (?, ?, ?, ?, 'active', ?)",
          )
          .run(input.name, input.email, hash, input.role, clock.now()).lastInsertRowid,
      );
      audit.record({
        actorId: null,
        action: 'member.create',
        targetType: 'member',
        targetId: id,
        reason: 'shell',
        after: { role: input.role, status: 'active' },
      });
      return id;
    },
  };
}

export type Team = ReturnType<typeof createTeam>;
