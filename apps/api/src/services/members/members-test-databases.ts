/**
 * The members' and sessions' repository contract tests run every method on both databases (ADR 0041):
 * `@vt/db/testing`'s contract targets, a fresh migrated database per test.
 */
import type { DataLayer } from '@vt/db';

export { describeOnBothLayers as describeOnBothDatabases } from '@vt/db/testing';

/** A member row with only what the tests need; the rest takes the schema's defaults. */
export async function insertMember(
  { db }: DataLayer,
  m: { name: string; email?: string; status?: 'unconfirmed' | 'active' | 'suspended'; createdAt?: number },
): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({
      name: m.name,
      email: m.email ?? `${m.name.toLowerCase()}@example.test`,
      status: m.status ?? 'active',
      created_at: m.createdAt ?? 1_700_000_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
