import type { Database, DataLayer, PlaylistsTable } from '@vt/db';
import type { Gender } from '@vt/rules';
import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';

export const PLAYLIST_SORTS = ['most-popular', 'recent'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];

/** Each sort is its index `playlists_{popular,recent}_idx (orientation, is_private, column)`, id last. */
const ORDER_COLUMN = { 'most-popular': 'p.viewed', recent: 'p.updated_at' } as const;

/** Which playlists a listing shows: a member's own (all of them), or the public ones of an orientation. */
export type PlaylistFilter = { ownerId: number } | { orientation: Gender; memberId?: number };

type Eb = ExpressionBuilder<Database & { p: PlaylistsTable }, 'p'>;

/** The first entry its listing shows (a listed video of the playlist's orientation): its cover. */
const firstVideo = (eb: Eb) =>
  eb
    .selectFrom('playlist_videos as pv')
    .innerJoin('videos as v', 'v.id', 'pv.video_id')
    .select('pv.video_id')
    .whereRef('pv.playlist_id', '=', 'p.id')
    .where('v.status_id', '=', 1)
    .where('v.is_private', '=', 0)
    .whereRef('v.gender', '=', 'p.orientation')
    .orderBy('pv.position')
    .limit(1)
    .as('first_video');

const where = (eb: Eb, f: PlaylistFilter) =>
  'ownerId' in f
    ? eb('p.member_id', '=', f.ownerId)
    : eb.and([
        eb('p.orientation', '=', f.orientation),
        eb('p.is_private', '=', 0),
        ...(f.memberId === undefined ? [] : [eb('p.member_id', '=', f.memberId)]),
      ]);

/** The count its page and its listing agree on: listed videos of the playlist's orientation. */
async function recount(db: Kysely<Database>, id: number, now: number) {
  await db
    .updateTable('playlists as p')
    .set((eb) => ({
      videos_count: eb
        .selectFrom('playlist_videos as pv')
        .innerJoin('videos as v', 'v.id', 'pv.video_id')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('pv.playlist_id', '=', 'p.id')
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .whereRef('v.gender', '=', 'p.orientation'),
      updated_at: now,
    }))
    .where('p.id', '=', id)
    .execute();
}

/** All SQL of the playlists and playlist_videos tables (ADR 0041), on SQLite or PostgreSQL. */
export function createPlaylistsRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const thumbs = () =>
    db
      .selectFrom('playlists as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select([
        'p.id',
        'p.title',
        'p.description',
        'p.videos_count',
        'p.viewed',
        'p.member_id',
        'p.is_private',
        'p.orientation',
        'm.name',
        firstVideo,
      ]);

  return {
    async count(filter: PlaylistFilter): Promise<number> {
      const r = await db
        .selectFrom('playlists as p')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => where(eb, filter))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** One page of a listing, with each playlist's owner's name and its cover video. */
    page(filter: PlaylistFilter, sort: PlaylistSort, limit: number, offset: number) {
      return thumbs()
        .where((eb) => where(eb, filter))
        .orderBy(ORDER_COLUMN[sort], 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    detail(id: number) {
      return thumbs().select('m.avatar').where('p.id', '=', id).executeTakeFirst();
    },

    /** Who owns the playlist and whether it is private; undefined when there is none. */
    ownership(id: number) {
      return db
        .selectFrom('playlists')
        .select(['member_id', 'is_private'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async isActiveVideo(videoId: number): Promise<boolean> {
      const r = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('status_id', '=', 1)
        .executeTakeFirst();
      return r !== undefined;
    },

    async insert(
      p: Pick<
        Insertable<PlaylistsTable>,
        'member_id' | 'title' | 'description' | 'is_private' | 'orientation' | 'created_at' | 'updated_at'
      >,
    ): Promise<number> {
      const r = await db.insertInto('playlists').values(p).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** New fields, and the count recounted for a new orientation, in one transaction. */
    async update(
      id: number,
      p: { title: string; description: string; is_private: number; orientation: Gender },
      now: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('playlists')
          .set({ ...p, updated_at: now })
          .where('id', '=', id)
          .execute();
        await recount(trx, id, now);
      });
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },

    /** Appends the video and recounts, atomically; false when the playlist already holds it. */
    addVideo(playlistId: number, videoId: number, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('playlist_videos')
          .select((eb) => eb.fn.max('position').as('n'))
          .where('playlist_id', '=', playlistId)
          .executeTakeFirst();
        const r = await trx
          .insertInto('playlist_videos')
          .values({
            playlist_id: playlistId,
            video_id: videoId,
            position: Number(last?.n ?? 0) + 1,
            added_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        await recount(trx, playlistId, now);
        return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    async removeVideo(playlistId: number, videoId: number, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('playlist_videos')
          .where('playlist_id', '=', playlistId)
          .where('video_id', '=', videoId)
          .execute();
        await recount(trx, playlistId, now);
      });
    },

    /** The playlist's videos in their stored order. */
    async videoOrder(playlistId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlist_videos')
        .select('video_id')
        .where('playlist_id', '=', playlistId)
        .orderBy('position')
        .orderBy('added_at')
        .execute();
      return rows.map((r) => r.video_id);
    },

    /** Stores the order as positions 1…n, atomically. */
    async setOrder(playlistId: number, videoIds: readonly number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [i, id] of videoIds.entries())
          await trx
            .updateTable('playlist_videos')
            .set({ position: i + 1 })
            .where('playlist_id', '=', playlistId)
            .where('video_id', '=', id)
            .execute();
      });
    },

    /** The member's playlists, newest first, each with whether it holds the video (0/1). */
    mine(memberId: number, videoId: number | null) {
      return db
        .selectFrom('playlists as p')
        .select((eb) => [
          'p.id',
          'p.title',
          'p.is_private',
          'p.videos_count',
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('playlist_videos as pv')
                  .select('pv.video_id')
                  .whereRef('pv.playlist_id', '=', 'p.id')
                  .where('pv.video_id', '=', videoId ?? 0),
              ),
            )
            .then(1)
            .else(0)
            .end()
            .as('has_video'),
        ])
        .where('p.member_id', '=', memberId)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(200)
        .execute();
    },
  };
}

export type PlaylistsRepository = ReturnType<typeof createPlaylistsRepository>;
