/**
 * The two databases the playlists' and albums' repository contract tests run every method on (ADR 0041),
 * and the rows they point at.
 */
import type { DataLayer } from '@vt/db';

export { describeOnBothLayers as describeOnBothDatabases } from '@vt/db/testing';

const T0 = 1_700_000_000;

/** A member with only what the tests need; the rest takes the schema's defaults. */
export async function insertMember({ db }: DataLayer, name: string): Promise<number> {
  const r = await db
    .insertInto('members')
    .values({ name, email: `${name.toLowerCase()}@example.test`, created_at: T0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A video, listed and of straight orientation unless told otherwise. */
export async function insertVideo(
  { db }: DataLayer,
  v: { status?: number; isPrivate?: number; gender?: 'straight' | 'shemale' | 'gay' } = {},
): Promise<number> {
  const r = await db
    .insertInto('videos')
    .values({
      dir: 'a-video',
      title: 'A video',
      post_date: T0,
      added_at: T0,
      status_id: v.status ?? 1,
      is_private: v.isPrivate ?? 0,
      gender: v.gender ?? 'straight',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
