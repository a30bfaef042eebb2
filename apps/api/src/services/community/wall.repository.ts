import type { Database, DataLayer } from '@vt/db';
import type { ExpressionBuilder } from 'kysely';
import { createCommunityTargets, transactionOf } from './community-targets';

export type WallSection = 'model' | 'member';

/** A wall's shown posts: not deleted, by authors still shown (a deleted account's posts stay, anonymised). */
const shown =
  (section: WallSection, objectId: number) => (eb: ExpressionBuilder<Database, 'wall_posts' | 'members'>) =>
    eb.and([
      eb('wall_posts.section', '=', section),
      eb('wall_posts.object_id', '=', objectId),
      eb('wall_posts.is_deleted', '=', 0),
      eb('members.status', 'in', ['active', 'deleted']),
    ]);

function wallQueries({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  const posts = () => db.selectFrom('wall_posts').innerJoin('members', 'members.id', 'wall_posts.author_id');
  return {
    /** A model, or an active member: the walls one can post on. */
    exists: (section: WallSection, id: number) =>
      section === 'model' ? targets.model(id) : targets.activeMember(id),

    async count(section: WallSection, objectId: number): Promise<number> {
      const row = await posts()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(shown(section, objectId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the wall, newest first, with each author's name and avatar. */
    page(section: WallSection, objectId: number, limit: number, offset: number) {
      return posts()
        .select([
          'wall_posts.id',
          'wall_posts.body',
          'wall_posts.created_at',
          'members.id as author_id',
          'members.name',
          'members.avatar',
        ])
        .where(shown(section, objectId))
        .orderBy('wall_posts.created_at', 'desc')
        .orderBy('wall_posts.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async insert(p: {
      section: WallSection;
      objectId: number;
      authorId: number;
      body: string;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('wall_posts')
        .values({
          section: p.section,
          object_id: p.objectId,
          author_id: p.authorId,
          body: p.body,
          created_at: p.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

/** All SQL of the wall_posts table (ADR 0041): model and member walls. */
export function createWallRepository(layer: Pick<DataLayer, 'db' | 'dialect'>) {
  return { ...wallQueries(layer), transaction: transactionOf(layer, wallQueries) };
}

export type WallRepository = ReturnType<typeof createWallRepository>;
