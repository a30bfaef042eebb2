import { type DataLayer, ratingOf } from '@vt/db';
import { createCommunityTargets } from './community-targets';

/** What can be voted on, and the table that keeps its counters. */
export type VotedTable = 'videos' | 'albums';

/** All SQL of the votes table (ADR 0041): one vote per member and object, and the object's counters. */
export function createVotesRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const targets = createCommunityTargets(db);
  return {
    /** A public video or album, the only things visitors vote on. */
    votable: (table: VotedTable, id: number) => targets.listed(table, id),

    /**
     * Records the vote and recounts the object's likes, dislikes and rating, in one transaction; null when the
     * member has voted on it already (nothing changes then).
     */
    async vote(v: {
      table: VotedTable;
      section: 'video' | 'album';
      objectId: number;
      memberId: number;
      vote: 0 | 1;
      now: number;
    }): Promise<{ likes: number; dislikes: number; rating: number } | null> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('votes')
          .values({
            section: v.section,
            object_id: v.objectId,
            member_id: v.memberId,
            vote: v.vote,
            created_at: v.now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('member_id')
          .executeTakeFirst();
        if (!inserted) return null;
        // Counted in place, so concurrent votes each add theirs (PostgreSQL locks the row until commit).
        const counts = await trx
          .updateTable(v.table)
          .set((eb) => ({ likes: eb('likes', '+', v.vote), dislikes: eb('dislikes', '+', 1 - v.vote) }))
          .where('id', '=', v.objectId)
          .returning(['likes', 'dislikes'])
          .executeTakeFirstOrThrow();
        const rating = ratingOf(counts.likes, counts.dislikes);
        await trx.updateTable(v.table).set({ rating }).where('id', '=', v.objectId).execute();
        return { likes: counts.likes, dislikes: counts.dislikes, rating };
      });
    },
  };
}

export type VotesRepository = ReturnType<typeof createVotesRepository>;
