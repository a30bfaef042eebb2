import { type AuditLogTable, type DataLayer, readJson } from '@vt/db';
import type { Insertable } from 'kysely';

/** Which entries a page of the log shows; every field narrows it. */
export interface AuditQuery {
  actorId?: number;
  action?: string;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
  limit: number;
  offset: number;
}

/**
 * All SQL of the audit log (ADR 0041), on SQLite or PostgreSQL. It only ever inserts: the database refuses
 * updates and deletes of audit_log (triggers on both).
 */
export function createAuditRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const filtered = (q: Omit<AuditQuery, 'limit' | 'offset'>) => {
    let query = db.selectFrom('audit_log as a');
    if (q.actorId !== undefined) query = query.where('a.actor_id', '=', q.actorId);
    if (q.action !== undefined) query = query.where('a.action', '=', q.action);
    if (q.from !== undefined) query = query.where('a.created_at', '>=', q.from);
    if (q.to !== undefined) query = query.where('a.created_at', '<=', q.to);
    return query;
  };

  const insertQuery = (entry: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(entry);

  return {
    /** One entry; `before` and `after` are written as JSON (null stays null). */
    async insert(entry: Insertable<AuditLogTable>): Promise<void> {
      await insertQuery(entry).execute();
    },

    async count(q: Omit<AuditQuery, 'limit' | 'offset'>): Promise<number> {
      const row = await filtered(q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of entries, newest first, with the actor's name; `before` and `after` parsed. */
    async page(q: AuditQuery) {
      const rows = await filtered(q)
        .leftJoin('members as m', 'm.id', 'a.actor_id')
        .select([
          'a.id',
          'a.actor_id as actorId',
          'm.name as actorName',
          'a.action',
          'a.target_type as targetType',
          'a.target_id as targetId',
          'a.reason',
          'a.before',
          'a.after',
          'a.created_at as createdAt',
        ])
        .orderBy('a.id', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return rows.map((r) => ({
        ...r,
        before: r.before === null ? null : readJson(r.before),
        after: r.after === null ? null : readJson(r.after),
      }));
    },

    /** Moderators, admins and anyone who appears as an actor, by name. */
    async actors(): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('members')
        .select(['id', 'name'])
        .where((eb) =>
          eb.or([
            eb('role', 'in', ['moderator', 'admin']),
            eb(
              'id',
              'in',
              eb
                .selectFrom('audit_log')
                .select('actor_id')
                .distinct()
                .where('actor_id', 'is not', null)
                .$narrowType<{ actor_id: number }>(),
            ),
          ]),
        )
        .orderBy('name')
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
