import type { DataLayer, MemberListsTable } from '@vt/db';

type SavedList = MemberListsTable['list'];

/**
 * All SQL of what a member keeps about videos (ADR 0041), on SQLite or PostgreSQL: the favourites and
 * watch later lists (member_lists) and the resume positions (watch_positions).
 */
export function createSavedVideosRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** A video anyone may watch (published, not private), with its duration; undefined otherwise. */
    listedVideo(videoId: number) {
      return db
        .selectFrom('videos')
        .select('duration_sec')
        .where('id', '=', videoId)
        .where('status_id', '=', 1)
        .where('is_private', '=', 0)
        .executeTakeFirst();
    },

    /** Adds the video to the list; false when it was there already. */
    async addToList(memberId: number, list: SavedList, videoId: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('member_lists')
        .values({ member_id: memberId, list, video_id: videoId, added_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('video_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeFromList(memberId: number, list: SavedList, videoId: number): Promise<void> {
      await db
        .deleteFrom('member_lists')
        .where('member_id', '=', memberId)
        .where('list', '=', list)
        .where('video_id', '=', videoId)
        .execute();
    },

    /** Which of the member's lists hold the video. */
    async listsHolding(memberId: number, videoId: number): Promise<SavedList[]> {
      const rows = await db
        .selectFrom('member_lists')
        .select('list')
        .where('member_id', '=', memberId)
        .where('video_id', '=', videoId)
        .orderBy('list')
        .execute();
      return rows.map((r) => r.list);
    },

    async position(memberId: number, videoId: number): Promise<number | null> {
      const row = await db
        .selectFrom('watch_positions')
        .select('position_sec')
        .where('member_id', '=', memberId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row ? row.position_sec : null;
    },

    /** Keeps the position, and only the member's `kept` most recent ones, in one transaction. */
    savePosition(p: {
      memberId: number;
      videoId: number;
      at: number;
      now: number;
      kept: number;
    }): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('watch_positions')
          .values({ member_id: p.memberId, video_id: p.videoId, position_sec: p.at, updated_at: p.now })
          .onConflict((oc) =>
            oc.columns(['member_id', 'video_id']).doUpdateSet((eb) => ({
              position_sec: eb.ref('excluded.position_sec'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        await trx
          .deleteFrom('watch_positions')
          .where('member_id', '=', p.memberId)
          .where('video_id', 'not in', (eb) =>
            eb
              .selectFrom('watch_positions')
              .select('video_id')
              .where('member_id', '=', p.memberId)
              .orderBy('updated_at', 'desc')
              .orderBy('video_id', 'desc')
              .limit(p.kept),
          )
          .execute();
      });
    },

    async clearPosition(memberId: number, videoId: number): Promise<void> {
      await db
        .deleteFrom('watch_positions')
        .where('member_id', '=', memberId)
        .where('video_id', '=', videoId)
        .execute();
    },
  };
}

export type SavedVideosRepository = ReturnType<typeof createSavedVideosRepository>;
