import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;
let videoId: number;
beforeAll(async () => {
  sut = createTestApp({ videos: 30 });
  aliceId = await sut.createMember('AliceReels');
  bobId = await sut.createMember('BobReels');
  alice = await sut.signIn('AliceReels');
  bob = await sut.signIn('BobReels');
  videoId = sut.db.$client
    .prepare(
      "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ORDER BY id LIMIT 1",
    )
    .pluck()
    .get() as number;
});
afterAll(() => sut.close());

const input = (cookie: string | undefined, fields: Record<string, string | number>) =>
  sut.post('/api/input.php', Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), {
    cookie,
  });
const stats = (cookie: string | undefined, fields: Record<string, string | number>) =>
  sut.post('/api/stats.php', Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), {
    cookie,
  });
const one = <T>(sql: string, ...p: unknown[]) => sut.db.$client.prepare(sql).get(...p) as T;

describe('signed-out visitors', () => {
  it('get 401 auth_error for every member act', async () => {
    for (const fields of <Record<string, string | number>[]>[
      { act: 'favourite', video_id: videoId },
      { act: 'playlist_new', title: 'My list', desc: 'Good ones' },
      { act: 'friends', object_id: bobId },
    ]) {
      const { res, body } = await input(undefined, fields);
      expect(res.status).toBe(401);
      expect(body).toMatchObject({ code: 'auth_error', notify: true });
    }
    for (const fields of <Record<string, string | number>[]>[
      { act: 'subscribe', section: 'member', object_id: bobId },
      { act: 'vote', vote: 1, object_id: videoId },
      { act: 'comm', msg: 'Lovely film', object_id: videoId },
    ]) {
      const { res, body } = await stats(undefined, fields);
      expect(res.status).toBe(401);
      expect(body.code).toBe('auth_error');
    }
  });
});

describe('favourites and watch later', () => {
  it('adds once, answers already-in, removes, and refuses albums', async () => {
    expect((await input(alice, { act: 'favourite', video_id: videoId })).body).toEqual({
      ok: true,
      code: 'favourites_added',
    });
    const again = await input(alice, { act: 'favourite', video_id: videoId });
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_in_favourites', notify: true });
    expect((await input(alice, { act: 'watch_later', video_id: videoId })).body.code).toBe(
      'watch_later_added',
    );
    expect((await input(alice, { act: 'watch_later', video_id: videoId })).body.code).toBe(
      'already_in_watch_later',
    );
    expect((await input(alice, { act: 'favourite', section: 'album', video_id: videoId })).body.code).toBe(
      'albums_not_allowed',
    );
    expect((await input(alice, { act: 'favourite', video_id: 99999999 })).body.code).toBe('video_not_found');
    expect((await input(alice, { act: 'favourite_del', video_id: videoId })).body.code).toBe(
      'favourites_removed',
    );
    expect(
      one<{ n: number }>(
        "SELECT count(*) AS n FROM member_lists WHERE member_id = ? AND list = 'favourites'",
        aliceId,
      ).n,
    ).toBe(0);
  });

  it('the owner reads their private watch later list; others get 403', async () => {
    const path = `/trpc/members.videos?input=${encodeURIComponent(JSON.stringify({ id: aliceId, list: 'watch_later', page: 1 }))}`;
    const own = await sut.json(path, { headers: { cookie: alice } });
    expect(own.res.status).toBe(200);
    expect(own.body.result.data.totalCount).toBe(1);
    expect((await sut.json(path, { headers: { cookie: bob } })).res.status).toBe(403);
  });
});

describe('playlists', () => {
  let playlistId: number;
  it('validates title 3–100 and description 5–500 with the generic messages', async () => {
    const short = await input(alice, { act: 'playlist_new', title: 'ab', desc: 'Good ones' });
    expect(short.body).toMatchObject({
      code: 'min_length',
      field: 'title',
      info: { length: 3 },
      error: 'Must be at least 3 characters long',
    });
    const long = await input(alice, { act: 'playlist_new', title: 'x'.repeat(101), desc: 'Good ones' });
    expect(long.body).toMatchObject({ code: 'max_length', field: 'title', info: { length: 100 } });
    const noDesc = await input(alice, { act: 'playlist_new', title: 'Evenings' });
    expect(noDesc.body).toMatchObject({ code: 'required', field: 'desc', error: 'This field is required' });
    const shortDesc = await input(alice, { act: 'playlist_new', title: 'Evenings', desc: 'abc' });
    expect(shortDesc.body).toMatchObject({ code: 'min_length', field: 'desc', info: { length: 5 } });
  });

  it('creates a private playlist with a video, adds and removes videos, and others cannot touch it', async () => {
    const made = await input(alice, {
      act: 'playlist_new',
      title: 'Quiet evenings',
      desc: 'Slow films',
      visible: 0,
      video_id: videoId,
    });
    expect(made.body).toMatchObject({ ok: true, code: 'playlist_created' });
    playlistId = made.body.playlist_id;
    expect(
      one<{ is_private: number; videos_count: number }>(
        'SELECT is_private, videos_count FROM playlists WHERE id = ?',
        playlistId,
      ),
    ).toEqual({
      is_private: 1,
      videos_count: 1,
    });
    expect(
      (await input(alice, { act: 'playlist_add', playlist_id: playlistId, video_id: videoId })).body.code,
    ).toBe('already_in_playlist');
    const other = videoId + 1;
    expect(
      (await input(alice, { act: 'playlist_add', playlist_id: playlistId, video_id: other })).body.code,
    ).toBe('playlist_added');

    // Bob can neither edit, delete, fill nor read it.
    for (const fields of <Record<string, string | number>[]>[
      { act: 'playlist_upd', playlist_id: playlistId, title: 'Mine now', desc: 'Taken over' },
      { act: 'playlist_delete', playlist_id: playlistId },
      { act: 'playlist_add', playlist_id: playlistId, video_id: videoId + 2 },
      { act: 'playlist_del', playlist_id: playlistId, video_id: other },
    ]) {
      const { res, body } = await input(bob, fields);
      expect(res.status).toBe(404);
      expect(body.code).toBe('playlist_not_found');
    }
    const bobReads = await sut.json(
      `/trpc/playlists.page?input=${encodeURIComponent(JSON.stringify({ id: playlistId, page: 1 }))}`,
      {
        headers: { cookie: bob },
      },
    );
    expect(bobReads.res.status).toBe(403);
    const aliceReads = await sut.json(
      `/trpc/playlists.page?input=${encodeURIComponent(JSON.stringify({ id: playlistId, page: 1 }))}`,
      {
        headers: { cookie: alice },
      },
    );
    expect(aliceReads.res.status).toBe(200);

    expect(
      (await input(alice, { act: 'playlist_del', playlist_id: playlistId, video_id: other })).body.code,
    ).toBe('playlist_removed');
    expect(
      (
        await input(alice, {
          act: 'playlist_upd',
          playlist_id: playlistId,
          title: 'Loud evenings',
          desc: 'Fast films',
          visible: 1,
        })
      ).body.code,
    ).toBe('playlist_changed');
    expect(
      one<{ title: string; is_private: number }>(
        'SELECT title, is_private FROM playlists WHERE id = ?',
        playlistId,
      ),
    ).toEqual({
      title: 'Loud evenings',
      is_private: 0,
    });
    expect((await input(alice, { act: 'playlist_delete', playlist_id: playlistId })).body.code).toBe(
      'playlist_deleted',
    );
    expect(one('SELECT 1 AS x FROM playlists WHERE id = ?', playlistId)).toBeUndefined();
  });
});

describe('votes, subscriptions and comments', () => {
  it('counts one vote per member and recomputes the rating', async () => {
    const before = one<{ likes: number; dislikes: number }>(
      'SELECT likes, dislikes FROM videos WHERE id = ?',
      videoId,
    );
    const first = await stats(alice, { act: 'vote', vote: 1, object_id: videoId });
    expect(first.body).toMatchObject({ ok: true, code: 'vote_success', likes: before.likes + 1 });
    const again = await stats(alice, { act: 'vote', vote: 0, object_id: videoId });
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_voted', notify: true });
    const dislike = await input(bob, { act: 'vote', vote: 0, object_id: videoId });
    expect(dislike.body.dislikes).toBe(before.dislikes + 1);
    const row = one<{ rating: number; likes: number; dislikes: number }>(
      'SELECT rating, likes, dislikes FROM videos WHERE id = ?',
      videoId,
    );
    expect(row.rating).toBeCloseTo(
      Math.round((500 * (row.likes + 1)) / (row.likes + row.dislikes + 2)) / 100,
    );
  });

  it('subscribes once, never to yourself, and keeps the counter', async () => {
    const self = await stats(alice, { act: 'subscribe', section: 'member', object_id: aliceId });
    expect(self.body).toMatchObject({
      code: 'cant_subscribe_self',
      error: "You can't subscribe to yourself",
      notify: true,
    });
    const sub = await stats(alice, { act: 'subscribe', section: 'member', object_id: bobId });
    expect(sub.body).toEqual({ ok: true, code: 'subscribed_member' });
    expect((await stats(alice, { act: 'subscribe', section: 'member', object_id: bobId })).body.code).toBe(
      'already_subscribed',
    );
    expect(one<{ n: number }>('SELECT subscribers_count AS n FROM members WHERE id = ?', bobId).n).toBe(1);
    expect((await stats(alice, { act: 'subscribe', section: 'model', object_id: 1 })).body.code).toBe(
      'subscribed_model',
    );
    expect((await stats(alice, { act: 'unsubscribe', section: 'member', object_id: bobId })).body.code).toBe(
      'unsubscribed',
    );
    expect(one<{ n: number }>('SELECT subscribers_count AS n FROM members WHERE id = ?', bobId).n).toBe(0);
  });

  it('posts comments of 5+ characters as the signed-in member only, stored as given', async () => {
    const short = await stats(alice, { act: 'comm', msg: 'abcd', object_id: videoId });
    expect(short.res.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'min_length', info: { length: 5 } });
    expect(short.body.notify).toBeUndefined();
    const forged = await stats(alice, {
      act: 'comm',
      msg: '<script>alert(1)</script>',
      object_id: videoId,
      _id: bobId,
    });
    expect(forged.body.ok).toBe(true);
    const row = one<{ member_id: number; comment: string }>(
      'SELECT member_id, comment FROM comments WHERE id = ?',
      forged.body.comment_id,
    );
    expect(row).toEqual({ member_id: aliceId, comment: '<script>alert(1)</script>' });
    const list = await sut.json(
      `/api/json/comments/0/video/${Math.floor(videoId / 1000) * 1000}/${videoId}.json`,
    );
    expect(list.body.comments[0]).toMatchObject({ _id: aliceId, name: 'AliceReels' });
  });
});

describe('friends and the wall', () => {
  it('request, already sent, accept, remove; decline drops a request', async () => {
    expect((await input(alice, { act: 'friends', object_id: aliceId })).body.code).toBe('cant_friend_self');
    expect((await input(alice, { act: 'friends', object_id: bobId })).body).toEqual({
      ok: true,
      code: 'friend_request_sent',
    });
    expect((await input(alice, { act: 'friends', object_id: bobId })).body.code).toBe(
      'friend_request_already_sent',
    );
    expect((await input(bob, { act: 'friends', type: 'accept', object_id: aliceId })).body.code).toBe(
      'friend_added',
    );
    expect(
      one<{ n: number }>(
        "SELECT count(*) AS n FROM friends WHERE status = 'accepted' AND member_id IN (?, ?) AND friend_id IN (?, ?)",
        aliceId,
        bobId,
        aliceId,
        bobId,
      ).n,
    ).toBe(2);
    expect((await input(bob, { act: 'friends', type: 'remove', object_id: aliceId })).body.code).toBe(
      'friend_removed',
    );
    await input(alice, { act: 'friends', object_id: bobId });
    expect((await input(bob, { act: 'friends', type: 'decline', object_id: aliceId })).body.code).toBe(
      'friend_declined',
    );
    expect((await input(bob, { act: 'friends', type: 'accept', object_id: aliceId })).body.code).toBe(
      'no_friend_request',
    );
  });

  it('posts on a member wall', async () => {
    const r = await input(bob, {
      act: 'wall',
      section: 'member',
      object_id: aliceId,
      msg: 'Great taste in films!',
    });
    expect(r.body).toMatchObject({ ok: true, code: 'wall_posted' });
    const wall = await sut.json(`/api/json/member/0/wall/0/${aliceId}.json`);
    expect(wall.body.wall[0]).toMatchObject({ _id: bobId, message: 'Great taste in films!' });
  });
});

describe('own lists through the legacy path', () => {
  it('serve the owner their private history as private, no-store; others still get 403', async () => {
    const path = `/api/json/videos2/86400/straight/latest-updates/60/member.${aliceId}.1.watch_later.0.all.json`;
    const own = await sut.json(path, { headers: { cookie: alice } });
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get('cache-control')).toBe('private, no-store');
    expect(own.body.total_count).toBe(1);
    expect((await sut.json(path, { headers: { cookie: bob } })).res.status).toBe(403);
    expect((await sut.json(path)).res.status).toBe(403);
  });
});
