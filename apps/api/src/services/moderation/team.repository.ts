import type { DataLayer, Role } from '@vt/db';
import { sql } from 'kysely';
import type { AuditRow } from '../audit/audit-entry';
import { insertAuditEntry } from '../audit/audit-entry';

const STAFF_COLUMNS = ['id', 'name', 'email', 'role', 'status'] as const;

/** All SQL of the moderation team (members' roles and shell-made accounts), on SQLite or PostgreSQL (ADR 0041). */
export function createTeamRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** Moderators and admins, by role then name. */
    staff() {
      return db
        .selectFrom('members')
        .select(STAFF_COLUMNS)
        .where('role', 'in', ['moderator', 'admin'])
        .orderBy('role')
        .orderBy('name')
        .execute();
    },

    /** Up to 20 members whose name starts with `prefix`, case-insensitively (LIKE's wildcards escaped). */
    findByNamePrefix(prefix: string) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .selectFrom('members')
        .select(STAFF_COLUMNS)
        .where(sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`)
        .orderBy('name')
        .limit(20)
        .execute();
    },

    byId(id: number) {
      return db.selectFrom('members').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The member of this name in any case. */
    byName(name: string) {
      return db
        .selectFrom('members')
        .select(STAFF_COLUMNS)
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .executeTakeFirst();
    },

    /** Sets the member's role, with its audit entry, in one transaction. */
    async setRole(memberId: number, role: Role, audit: AuditRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('members').set({ role }).where('id', '=', memberId).execute();
        await insertAuditEntry(trx, audit);
      });
    },

    /** A member with this name or email (case-insensitive), if any. */
    nameOrEmailTaken(name: string, email: string) {
      return db
        .selectFrom('members')
        .select(['name', 'email'])
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), '=', name.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
    },

    /** An active account with a role, with its audit entry (`audit` gets the new id), in one transaction. */
    async createAccount(
      row: {
        name: string;
        email: string;
        passwordHash: string;
        role: 'member' | 'moderator' | 'admin';
        now: number;
      },
      audit: (id: number) => AuditRow,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('members')
          .values({
            name: row.name,
            email: row.email,
            password_hash: row.passwordHash,
            role: row.role,
            status: 'active',
            created_at: row.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertAuditEntry(trx, audit(id));
        return id;
      });
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
