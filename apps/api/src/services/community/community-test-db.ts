/** Test support for the community repositories' contract tests: the same tests on SQLite and on PostgreSQL. */
import type { Database, DataLayer } from '@vt/db';
import type { Insertable } from 'kysely';

export { describeOnBothLayers as onBothDatabases } from '@vt/db/testing';

export const NOW = 1_700_000_000;

let serial = 0;

/** Rows the community points at, with the least each table needs. */
export function seed(data: DataLayer) {
  const { db } = data;
  const n = () => ++serial;
  /** An approved, public video or album (unless `over` says otherwise). */
  const listed = async (table: 'videos' | 'albums', over: object) => {
    const i = n();
    const r = await db
      .insertInto(table)
      .values({
        dir: `${table}-${i}`,
        title: `Item ${i}`,
        post_date: NOW,
        added_at: NOW,
        status_id: 1,
        ...over,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  };
  return {
    member: async (over: Partial<Insertable<Database['members']>> = {}) => {
      const i = n();
      const r = await db
        .insertInto('members')
        .values({ name: `member${i}`, email: `m${i}@example.test`, status: 'active', ...over })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    video: (over: Partial<Insertable<Database['videos']>> = {}) => listed('videos', over),
    album: (over: Partial<Insertable<Database['albums']>> = {}) => listed('albums', over),
    model: async () => {
      const i = n();
      const r = await db
        .insertInto('models')
        .values({ dir: `model-${i}`, title: `Model ${i}`, alphabet: 'm', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    channel: async () => {
      const i = n();
      const r = await db
        .insertInto('channels')
        .values({ dir: `channel-${i}`, title: `Channel ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
  };
}
