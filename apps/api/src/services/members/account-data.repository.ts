import { type Database, type DataLayer, ratingOf } from '@vt/db';
import { type Kysely, sql } from 'kysely';
import { deleteAlbumRows } from '../albums/albums.repository';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/** Who anonymised comments and wall posts are shown as (see account-data.service.ts). */
export const DELETED_MEMBER_NAME = '[deleted]';

const VOTED = { video: 'videos', album: 'albums' } as const;
const COMMENTED = { video: 'videos', album: 'albums' } as const;
const SUBSCRIBED = { member: 'members', model: 'models', channel: 'channels' } as const;

const pick = <T extends object>(map: T, key: string): T[keyof T] | undefined =>
  Object.hasOwn(map, key) ? map[key as keyof T] : undefined;

/** `column - n`, never below zero (SQLite's scalar `max` is PostgreSQL's `greatest`: a `case` is both). */
const lessBy = (column: 'likes' | 'dislikes' | 'comments_count' | 'subscribers_count', n: number) =>
  sql<number>`case when ${sql.ref(column)} > ${n} then ${sql.ref(column)} - ${n} else 0 end`;

/** The deleted member's ghost row, created once: who anonymised comments and wall posts are shown as. */
async function ghostMember(db: Kysely<Database>, now: number): Promise<number> {
  await db
    .insertInto('members')
    .values({
      name: DELETED_MEMBER_NAME,
      email: 'deleted-member@invalid',
      password_hash: null,
      status: 'deleted',
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('name', '=', DELETED_MEMBER_NAME)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes the member's votes, comments and subscriptions out of the counts they were part of. */
async function uncount(db: Kysely<Database>, memberId: number, removeComments: boolean) {
  const votes = await db
    .selectFrom('votes')
    .select(['section', 'object_id', 'vote'])
    .where('member_id', '=', memberId)
    .execute();
  for (const v of votes) {
    const table = pick(VOTED, v.section);
    if (!table) continue;
    const column = v.vote === 1 ? 'likes' : 'dislikes';
    const row = await db
      .updateTable(table)
      .set({ [column]: lessBy(column, 1) })
      .where('id', '=', v.object_id)
      .returning(['likes', 'dislikes'])
      .executeTakeFirst();
    if (row)
      await db
        .updateTable(table)
        .set({ rating: ratingOf(row.likes, row.dislikes) })
        .where('id', '=', v.object_id)
        .execute();
  }
  if (removeComments) {
    const comments = await db
      .selectFrom('comments')
      .select((eb) => ['section', 'object_id', eb.fn.countAll<number>().as('n')])
      .where('member_id', '=', memberId)
      .where('is_deleted', '=', 0)
      .groupBy(['section', 'object_id'])
      .execute();
    for (const c of comments) {
      const table = pick(COMMENTED, c.section);
      if (table)
        await db
          .updateTable(table)
          .set({ comments_count: lessBy('comments_count', Number(c.n)) })
          .where('id', '=', c.object_id)
          .execute();
    }
  }
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['section', 'object_id'])
    .where('member_id', '=', memberId)
    .execute();
  for (const s of subscriptions) {
    const table = pick(SUBSCRIBED, s.section);
    if (table)
      await db
        .updateTable(table)
        .set({ subscribers_count: lessBy('subscribers_count', 1) })
        .where('id', '=', s.object_id)
        .execute();
  }
}

/** A member's data export and account deletion (docs/decisions/0030): everything that reads or removes it. */
export function createAccountDataRepository({ db }: Layer) {
  const videoList = (memberId: number, list: 'favourites' | 'watch_later') =>
    db
      .selectFrom('member_lists as l')
      .innerJoin('videos as v', 'v.id', 'l.video_id')
      .select(['l.video_id', 'v.title', 'l.added_at'])
      .where('l.member_id', '=', memberId)
      .where('l.list', '=', list)
      .orderBy('l.added_at', 'desc')
      .execute();
  const uploads = (table: 'videos' | 'albums', memberId: number) =>
    db
      .selectFrom(table)
      .select(['id', 'title', 'status_id', 'added_at'])
      .where('uploader_id', '=', memberId)
      .orderBy('id')
      .execute();

  return {
    /** The member's videos not already deleted: they leave the site like a takedown. */
    async liveVideosOf(memberId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('uploader_id', '=', memberId)
        .where('status_id', '!=', 5)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async albumsOf(memberId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('albums')
        .select('id')
        .where('uploader_id', '=', memberId)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Removes the member in one transaction: votes, comments and subscriptions leave their counts; the
     * member's comments and wall posts go, or stay under "[deleted]" (`removeComments` false); what others
     * wrote on the member's page and subscriptions to the member or their playlists go; the albums go with
     * their comments and votes; the member's row goes, and with it (foreign keys) lists, playlists, friends,
     * messages, votes, subscriptions and sessions.
     */
    deleteMember(memberId: number, p: { removeComments: boolean; albums: readonly number[]; now: number }) {
      return db.transaction().execute(async (trx) => {
        await uncount(trx, memberId, p.removeComments);
        if (!p.removeComments) {
          const ghost = await ghostMember(trx, p.now);
          await trx
            .updateTable('comments')
            .set({ member_id: ghost })
            .where('member_id', '=', memberId)
            .execute();
          await trx
            .updateTable('wall_posts')
            .set({ author_id: ghost })
            .where('author_id', '=', memberId)
            .execute();
        }
        // What was written to the member's own wall and page goes with the page.
        await trx
          .deleteFrom('comments')
          .where('section', '=', 'member')
          .where('object_id', '=', memberId)
          .execute();
        await trx
          .deleteFrom('wall_posts')
          .where('section', '=', 'member')
          .where('object_id', '=', memberId)
          .execute();
        // Subscriptions to the member or to the member's playlists have no foreign key to cascade.
        await trx
          .deleteFrom('subscriptions')
          .where((eb) =>
            eb.or([
              eb.and([eb('section', '=', 'member'), eb('object_id', '=', memberId)]),
              eb.and([
                eb('section', '=', 'playlist'),
                eb(
                  'object_id',
                  'in',
                  eb.selectFrom('playlists').select('id').where('member_id', '=', memberId),
                ),
              ]),
            ]),
          )
          .execute();
        await deleteAlbumRows(trx, p.albums);
        await trx.deleteFrom('members').where('id', '=', memberId).execute();
      });
    },

    profile(memberId: number) {
      return db
        .selectFrom('members')
        .select([
          'id',
          'name',
          'email',
          'role',
          'status',
          'avatar',
          'cover',
          'gender',
          'birth_date',
          'relationship',
          'orientation',
          'education',
          'website',
          'country',
          'city',
          'occupation',
          'interests',
          'about',
          'private_sections',
          'created_at',
          'last_seen_at',
        ])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    favourites: (memberId: number) => videoList(memberId, 'favourites'),
    watchLater: (memberId: number) => videoList(memberId, 'watch_later'),

    history(memberId: number) {
      return db
        .selectFrom('watch_history as h')
        .innerJoin('videos as v', 'v.id', 'h.video_id')
        .select(['h.video_id', 'v.title', 'h.viewed_at'])
        .where('h.member_id', '=', memberId)
        .orderBy('h.viewed_at', 'desc')
        .execute();
    },

    subscriptions(memberId: number) {
      return db
        .selectFrom('subscriptions')
        .select(['section', 'object_id', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('created_at')
        .execute();
    },

    friends(memberId: number) {
      return db
        .selectFrom('friends as f')
        .innerJoin('members as m', 'm.id', 'f.friend_id')
        .select(['m.id', 'm.name', 'f.status', 'f.created_at'])
        .where('f.member_id', '=', memberId)
        .orderBy('f.created_at')
        .execute();
    },

    /** The member's playlists, each with its videos in order. */
    async playlists(memberId: number) {
      const lists = await db
        .selectFrom('playlists')
        .select(['id', 'title', 'description', 'is_private', 'orientation', 'created_at', 'updated_at'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
      return Promise.all(
        lists.map(async (p) => ({
          ...p,
          videos: await db
            .selectFrom('playlist_videos as pv')
            .innerJoin('videos as v', 'v.id', 'pv.video_id')
            .select(['pv.video_id', 'v.title', 'pv.position'])
            .where('pv.playlist_id', '=', p.id)
            .orderBy('pv.position')
            .execute(),
        })),
      );
    },

    uploadedVideos: (memberId: number) => uploads('videos', memberId),
    uploadedAlbums: (memberId: number) => uploads('albums', memberId),

    comments(memberId: number) {
      return db
        .selectFrom('comments')
        .select(['id', 'section', 'object_id', 'comment', 'added_date'])
        .where('member_id', '=', memberId)
        .where('is_deleted', '=', 0)
        .orderBy('added_date')
        .orderBy('id')
        .execute();
    },

    wallPosts(memberId: number) {
      return db
        .selectFrom('wall_posts')
        .select(['id', 'section', 'object_id', 'body', 'created_at'])
        .where('author_id', '=', memberId)
        .where('is_deleted', '=', 0)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Both sides of the member's own conversations, minus what the member deleted. */
    messages(memberId: number) {
      return db
        .selectFrom('messages as msg')
        .innerJoin('members as f', 'f.id', 'msg.from_id')
        .innerJoin('members as t', 't.id', 'msg.to_id')
        .select([
          'msg.id',
          'msg.from_id',
          'f.name as from_name',
          'msg.to_id',
          't.name as to_name',
          'msg.body',
          'msg.created_at',
          'msg.read_at',
        ])
        .where((eb) =>
          eb.or([
            eb.and([eb('msg.from_id', '=', memberId), eb('msg.deleted_by_sender', '=', 0)]),
            eb.and([eb('msg.to_id', '=', memberId), eb('msg.deleted_by_recipient', '=', 0)]),
          ]),
        )
        .orderBy('msg.created_at')
        .orderBy('msg.id')
        .execute();
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
