import type { Role } from '@vt/db';
import { AppError } from '../../lib/app-error';
import { auditRow } from '../audit/audit-entry';
import { hashPassword } from '../auth/password';
import type { Clock } from '../shared/clock';
import type { TeamRepository } from './team.repository';

export type StaffMember = Awaited<ReturnType<TeamRepository['staff']>>[number];

/** Who moderates: accounts made from the shell, and the moderator role admins grant and revoke. */
export function createTeam({ repo, clock }: { repo: TeamRepository; clock: Clock }) {
  return {
    staff(): Promise<StaffMember[]> {
      return repo.staff();
    },

    /** Members whose name starts with the query, to grant the role to. */
    find(query: string): Promise<StaffMember[]> {
      return repo.findByNamePrefix(query);
    },

    /** Grants or revokes the moderator role. Admins are made from the shell only, and nobody changes their own role. */
    async setModerator(actorId: number, memberId: number, moderator: boolean): Promise<StaffMember> {
      const m = await repo.byId(memberId);
      if (!m) throw new AppError('not_found', { status: 404, message: 'Not found' });
      if (memberId === actorId || m.role === 'admin')
        throw new AppError('role_locked', { status: 403, message: 'This role cannot be changed here' });
      const role = moderator ? 'moderator' : 'member';
      if (m.role === role) return m;
      await repo.setRole(
        memberId,
        role,
        auditRow(
          {
            actorId,
            action: moderator ? 'role.grant' : 'role.revoke',
            targetType: 'member',
            targetId: memberId,
            before: { role: m.role },
            after: { role },
          },
          clock.now(),
        ),
      );
      return { ...m, role };
    },

    /**
     * Any role, admin included, for the member of this name (`npm run admin -- role`), with its audit entry;
     * null when no member has the name.
     */
    async setRoleFromShell(name: string, role: Role): Promise<StaffMember | null> {
      const m = await repo.byName(name);
      if (!m) return null;
      await repo.setRole(
        m.id,
        role,
        auditRow(
          {
            actorId: null,
            action: role === 'member' ? 'role.revoke' : 'role.grant',
            targetType: 'member',
            targetId: m.id,
            reason: 'shell',
            before: { role: m.role },
            after: { role },
          },
          clock.now(),
        ),
      );
      return { ...m, role };
    },

    /** An active account with a role, as `npm run admin -- create` makes it (email already confirmed). */
    async createAccount(input: {
      name: string;
      email: string;
      password: string;
      role: Role;
    }): Promise<number> {
      const taken = await repo.nameOrEmailTaken(input.name, input.email);
      if (taken)
        throw new AppError(
          taken.name.toLowerCase() === input.name.toLowerCase() ? 'name_taken' : 'email_taken',
          {
            status: 409,
            message: 'An account with this name or email already exists',
          },
        );
      const hash = await hashPassword(input.password);
      const now = clock.now();
      return repo.createAccount(
        { name: input.name, email: input.email, passwordHash: hash, role: input.role, now },
        (id) =>
          auditRow(
            {
              actorId: null,
              action: 'member.create',
              targetType: 'member',
              targetId: id,
              reason: 'shell',
              after: { role: input.role, status: 'active' },
            },
            now,
          ),
      );
    },
  };
}

export type Team = ReturnType<typeof createTeam>;
