import { type DataLayer, ratingOf } from '@vt/db';
import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createAccountDataRepository, DELETED_MEMBER_NAME } from './account-data.repository';

let everyone = 0;

/** A member with a bit of everything: votes, comments, wall posts, lists, a playlist, friends, messages, an album. */
async function memberWithEverything(data: DataLayer) {
  const { db } = data;
  const s = seed(data);
  const n = ++everyone;
  const ada = `Ada ${n}`;
  const bob = `Bob ${n}`;
  const me = await s.member({ name: ada });
  const other = await s.member({ name: bob });
  const v = await s.video({ uploader_id: other, likes: 1, dislikes: 1, comments_count: 2, rating: 50 });
  const mine = await s.video({ uploader_id: me });
  const gone = await s.video({ uploader_id: me, status_id: 5 });
  const album = await db
    .insertInto('albums')
    .values({ dir: 'a1', title: 'Album', uploader_id: me, post_date: NOW, added_at: NOW, likes: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('votes')
    .values([
      { section: 'video', object_id: v, member_id: me, vote: 1, created_at: NOW },
      { section: 'album', object_id: album.id, member_id: other, vote: 1, created_at: NOW },
    ])
    .execute();
  await db
    .insertInto('comments')
    .values([
      { section: 'video', object_id: v, member_id: me, comment: 'nice', added_date: NOW },
      { section: 'video', object_id: v, member_id: other, comment: 'yes', added_date: NOW + 1 },
      { section: 'member', object_id: me, member_id: other, comment: 'hi Ada', added_date: NOW },
      { section: 'album', object_id: album.id, member_id: other, comment: 'pretty', added_date: NOW },
    ])
    .execute();
  await db
    .insertInto('wall_posts')
    .values([
      { section: 'member', object_id: other, author_id: me, body: 'hello Bob', created_at: NOW },
      { section: 'member', object_id: me, author_id: other, body: 'hello Ada', created_at: NOW },
    ])
    .execute();
  await db.updateTable('members').set({ subscribers_count: 1 }).where('id', '=', other).execute();
  const playlist = await db
    .insertInto('playlists')
    .values({ member_id: me, title: 'Mix', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values([
      { member_id: me, section: 'member', object_id: other, created_at: NOW },
      { member_id: other, section: 'member', object_id: me, created_at: NOW },
      { member_id: other, section: 'playlist', object_id: playlist.id, created_at: NOW },
    ])
    .execute();
  await db
    .insertInto('playlist_videos')
    .values({ playlist_id: playlist.id, video_id: v, position: 1, added_at: NOW })
    .execute();
  await db
    .insertInto('member_lists')
    .values([
      { member_id: me, list: 'favourites', video_id: v, added_at: NOW },
      { member_id: me, list: 'watch_later', video_id: mine, added_at: NOW },
    ])
    .execute();
  await db.insertInto('watch_history').values({ member_id: me, video_id: v, viewed_at: NOW }).execute();
  await db
    .insertInto('friends')
    .values({ member_id: me, friend_id: other, status: 'accepted', created_at: NOW })
    .execute();
  await db
    .insertInto('messages')
    .values([
      { from_id: me, to_id: other, body: 'sent', created_at: NOW, deleted_by_recipient: 0 },
      { from_id: other, to_id: me, body: 'received', created_at: NOW + 1, deleted_by_recipient: 0 },
      { from_id: other, to_id: me, body: 'binned', created_at: NOW + 2, deleted_by_recipient: 1 },
    ])
    .execute();
  return { ada, bob, me, other, v, mine, gone, album: album.id, playlist: playlist.id };
}

onBothDatabases('the account data repository', (data) => {
  it('exports everything the member put on the site or keeps there, typed', async () => {
    const repo = createAccountDataRepository(data());
    const m = await memberWithEverything(data());
    expect(await repo.profile(m.me)).toMatchObject({ id: m.me, name: m.ada, status: 'unconfirmed' });
    expect(await repo.profile(99_999)).toBeUndefined();
    expect(await repo.liveVideosOf(m.me)).toEqual([m.mine]);
    expect(await repo.albumsOf(m.me)).toEqual([m.album]);
    expect(await repo.favourites(m.me)).toEqual([
      { video_id: m.v, title: expect.any(String), added_at: NOW },
    ]);
    expect(await repo.watchLater(m.me)).toEqual([
      { video_id: m.mine, title: expect.any(String), added_at: NOW },
    ]);
    expect(await repo.history(m.me)).toEqual([{ video_id: m.v, title: expect.any(String), viewed_at: NOW }]);
    expect(await repo.subscriptions(m.me)).toEqual([
      { section: 'member', object_id: m.other, created_at: NOW },
    ]);
    expect(await repo.friends(m.me)).toEqual([
      { id: m.other, name: m.bob, status: 'accepted', created_at: NOW },
    ]);
    expect(await repo.playlists(m.me)).toEqual([
      expect.objectContaining({
        id: m.playlist,
        title: 'Mix',
        videos: [{ video_id: m.v, title: expect.any(String), position: 1 }],
      }),
    ]);
    expect((await repo.uploadedVideos(m.me)).map((r) => r.id)).toEqual([m.mine, m.gone]);
    expect(await repo.uploadedAlbums(m.me)).toEqual([
      { id: m.album, title: 'Album', status_id: expect.any(Number), added_at: NOW },
    ]);
    expect(await repo.comments(m.me)).toEqual([
      { id: expect.any(Number), section: 'video', object_id: m.v, comment: 'nice', added_date: NOW },
    ]);
    expect(await repo.wallPosts(m.me)).toEqual([
      { id: expect.any(Number), section: 'member', object_id: m.other, body: 'hello Bob', created_at: NOW },
    ]);
    expect((await repo.messages(m.me)).map((r) => [r.body, r.from_name, r.to_name])).toEqual([
      ['sent', m.ada, m.bob],
      ['received', m.bob, m.ada],
    ]);
  });

  it('deletes the member, their comments and albums and takes them out of every count, in one transaction', async () => {
    const { db } = data();
    const repo = createAccountDataRepository(data());
    const m = await memberWithEverything(data());
    await repo.deleteMember(m.me, { removeComments: true, albums: [m.album], now: NOW });
    expect(await db.selectFrom('members').select('name').orderBy('id').execute()).toEqual([{ name: m.bob }]);
    expect(
      await db
        .selectFrom('videos')
        .select(['likes', 'dislikes', 'rating', 'comments_count'])
        .where('id', '=', m.v)
        .executeTakeFirst(),
    ).toEqual({ likes: 0, dislikes: 1, rating: ratingOf(0, 1), comments_count: 1 });
    expect(
      await db.selectFrom('members').select('subscribers_count').where('id', '=', m.other).executeTakeFirst(),
    ).toEqual({
      subscribers_count: 0,
    });
    expect(await db.selectFrom('comments').select('comment').execute()).toEqual([{ comment: 'yes' }]);
    expect(await db.selectFrom('wall_posts').select('body').execute()).toEqual([]);
    expect(await db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('albums').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('votes').selectAll().execute()).toEqual([]);
    for (const table of ['playlists', 'member_lists', 'friends', 'messages', 'watch_history'] as const)
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
  });

  it('keeps anonymised comments and wall posts under one "[deleted]" row', async () => {
    const { db } = data();
    const repo = createAccountDataRepository(data());
    const a = await memberWithEverything(data());
    await repo.deleteMember(a.me, { removeComments: false, albums: [a.album], now: NOW });
    const b = await memberWithEverything(data());
    await repo.deleteMember(b.me, { removeComments: false, albums: [], now: NOW });
    const ghosts = await db
      .selectFrom('members')
      .select(['id', 'status', 'password_hash'])
      .where('name', '=', DELETED_MEMBER_NAME)
      .execute();
    expect(ghosts).toEqual([{ id: expect.any(Number), status: 'deleted', password_hash: null }]);
    const ghost = ghosts[0]?.id;
    expect(
      await db
        .selectFrom('comments')
        .select(['comment', 'member_id'])
        .where('comment', '=', 'nice')
        .execute(),
    ).toEqual([
      { comment: 'nice', member_id: ghost },
      { comment: 'nice', member_id: ghost },
    ]);
    expect(await db.selectFrom('wall_posts').select(['body', 'author_id']).execute()).toEqual([
      { body: 'hello Bob', author_id: ghost },
      { body: 'hello Bob', author_id: ghost },
    ]);
    // Anonymised comments still count.
    expect(
      await db.selectFrom('videos').select('comments_count').where('id', '=', a.v).executeTakeFirst(),
    ).toEqual({
      comments_count: 2,
    });
  });

  it('rolls everything back when a write fails', async () => {
    const { db } = data();
    const repo = createAccountDataRepository(data());
    const m = await memberWithEverything(data());
    // The ghost's email taken under another name: no "[deleted]" row, after the counts were taken down.
    await seed(data()).member({ email: 'deleted-member@invalid' });
    await expect(
      repo.deleteMember(m.me, { removeComments: false, albums: [m.album], now: NOW }),
    ).rejects.toThrow();
    expect(await db.selectFrom('members').select('id').where('id', '=', m.me).executeTakeFirst()).toEqual({
      id: m.me,
    });
    expect(await db.selectFrom('videos').select('likes').where('id', '=', m.v).executeTakeFirst()).toEqual({
      likes: 1,
    });
  });
});
