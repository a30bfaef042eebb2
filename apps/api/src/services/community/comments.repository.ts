import type { Database, DataLayer } from '@vt/db';
import type { ExpressionBuilder } from 'kysely';
import type { CommentSection } from './community.dto';
import { createCommunityTargets, transactionOf } from './community-targets';

/** Where comments are counted (comments_count), and whose owner hears of them. */
export type CommentedTable = 'videos' | 'albums';

/** Shown comments on these objects: not deleted (every comment's author row exists, a deleted one anonymised). */
const shown =
  (section: CommentSection, objectIds: readonly number[]) =>
  (eb: ExpressionBuilder<Database, 'comments' | 'members'>) =>
    eb.and([
      eb('comments.section', '=', section),
      eb('comments.object_id', 'in', objectIds),
      eb('comments.is_deleted', '=', 0),
    ]);

function commentQueries({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  const withAuthors = () =>
    db.selectFrom('comments').innerJoin('members', 'members.id', 'comments.member_id');
  return {
    /** Can visitors see the object (and so its comments)? */
    visible(section: CommentSection, id: number): Promise<boolean> {
      switch (section) {
        case 'video':
          return targets.listed('videos', id);
        case 'album':
          return targets.listed('albums', id);
        case 'model':
          return targets.model(id);
        case 'member':
          return targets.unsuspendedMember(id);
      }
    },

    /** How many comments the objects have together (a video's whole version group, ADR 0035). */
    async count(section: CommentSection, objectIds: readonly number[]): Promise<number> {
      const row = await withAuthors()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(shown(section, objectIds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the objects' comments, newest first (id breaks ties of the same second), with their authors. */
    page(section: CommentSection, objectIds: readonly number[], limit: number, offset: number) {
      return withAuthors()
        .select([
          'comments.id',
          'comments.comment',
          'comments.added_date',
          'members.id as member_id',
          'members.name',
          'members.avatar',
        ])
        .where(shown(section, objectIds))
        .orderBy('comments.added_date', 'desc')
        .orderBy('comments.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Who uploaded the video or album, and what it is called (for their notification). */
    owner(table: CommentedTable, id: number) {
      return db
        .selectFrom(table)
        .select(['uploader_id as owner', 'id', 'dir', 'title'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insert(c: {
      section: CommentSection;
      objectId: number;
      memberId: number;
      comment: string;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('comments')
        .values({
          section: c.section,
          object_id: c.objectId,
          member_id: c.memberId,
          comment: c.comment,
          added_date: c.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One more comment on the video or album. */
    async counted(table: CommentedTable, id: number): Promise<void> {
      await db
        .updateTable(table)
        .set((eb) => ({ comments_count: eb('comments_count', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

/** All SQL of the comments table (ADR 0041) that the community runs: reading, posting, counting. */
export function createCommentsRepository(layer: Pick<DataLayer, 'db' | 'dialect'>) {
  return { ...commentQueries(layer), transaction: transactionOf(layer, commentQueries) };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
