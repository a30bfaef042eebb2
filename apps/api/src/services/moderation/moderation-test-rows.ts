/** Test support for the moderation repositories' contract tests: rows they read, with the least each needs. */
import type { Database, DataLayer } from '@vt/db';
import type { Insertable } from 'kysely';
import { NOW } from '../screening/contract-test-db';

/** A report (a copyright report about nothing unless `over` says otherwise); its id. */
export async function insertReport(
  { db }: Pick<DataLayer, 'db'>,
  over: Partial<Insertable<Database['reports']>> = {},
): Promise<number> {
  const r = await db
    .insertInto('reports')
    .values({ subject: 'copyright', email: 'r@example.test', message: 'm', created_at: NOW, ...over })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
