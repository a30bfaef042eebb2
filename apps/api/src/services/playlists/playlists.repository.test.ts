import type { DataLayer } from '@vt/db';
import { expect, it } from 'vitest';
import { describeOnBothDatabases, insertMember, insertVideo } from '../shared/lists-test-databases';
import { createPlaylistsRepository, type PlaylistsRepository } from './playlists.repository';

const T0 = 1_700_000_000;

describeOnBothDatabases('the playlists repository', (data) => {
  let repo: PlaylistsRepository;
  let layer: DataLayer;

  const playlist = (
    memberId: number,
    p: { title?: string; isPrivate?: number; orientation?: 'straight' | 'gay'; at?: number } = {},
  ) =>
    repo.insert({
      member_id: memberId,
      title: p.title ?? 'A playlist',
      description: 'Five or more',
      is_private: p.isPrivate ?? 0,
      orientation: p.orientation ?? 'straight',
      created_at: p.at ?? T0,
      updated_at: p.at ?? T0,
    });

  const setup = () => {
    layer = data();
    repo = createPlaylistsRepository(layer);
  };

  it('creates, reads the owner and the detail, updates and deletes a playlist', async () => {
    setup();
    const ann = await insertMember(layer, 'Ann');
    const id = await playlist(ann, { title: 'Silent era' });
    expect(await repo.ownership(id)).toEqual({ member_id: ann, is_private: 0 });
    expect(await repo.ownership(id + 100)).toBeUndefined();
    expect(await repo.detail(id)).toEqual({
      id,
      title: 'Silent era',
      description: 'Five or more',
      videos_count: 0,
      viewed: 0,
      member_id: ann,
      is_private: 0,
      orientation: 'straight',
      name: 'Ann',
      avatar: null,
      first_video: null,
    });
    await repo.update(
      id,
      { title: 'Talkies', description: 'Changed', is_private: 1, orientation: 'gay' },
      T0 + 5,
    );
    expect(await repo.detail(id)).toMatchObject({ title: 'Talkies', is_private: 1, orientation: 'gay' });
    expect(await repo.mine(ann, null)).toEqual([
      { id, title: 'Talkies', is_private: 1, videos_count: 0, has_video: 0 },
    ]);
    await repo.delete(id);
    expect(await repo.detail(id)).toBeUndefined();
  });

  it('adds videos once, in order, counting only listed ones of its orientation; removes and reorders', async () => {
    setup();
    const ann = await insertMember(layer, 'Ann');
    const id = await playlist(ann);
    const [a, b, hidden, gay] = [
      await insertVideo(layer),
      await insertVideo(layer),
      await insertVideo(layer, { isPrivate: 1 }),
      await insertVideo(layer, { gender: 'gay' }),
    ];
    expect(await repo.isActiveVideo(a)).toBe(true);
    expect(await repo.isActiveVideo(await insertVideo(layer, { status: 2 }))).toBe(false);
    for (const v of [hidden, a, gay, b]) expect(await repo.addVideo(id, v, T0 + 10)).toBe(true);
    expect(await repo.addVideo(id, a, T0 + 11)).toBe(false);
    expect(await repo.videoOrder(id)).toEqual([hidden, a, gay, b]);
    // The cover is the first listed video of its orientation; the count, its listed videos.
    expect(await repo.detail(id)).toMatchObject({ videos_count: 2, first_video: a });
    expect((await repo.ownership(id))?.member_id).toBe(ann);
    expect((await repo.mine(ann, b))[0]).toMatchObject({ has_video: 1, videos_count: 2 });
    await repo.setOrder(id, [b, a, gay, hidden]);
    expect(await repo.videoOrder(id)).toEqual([b, a, gay, hidden]);
    expect((await repo.detail(id))?.first_video).toBe(b);
    await repo.removeVideo(id, b, T0 + 20);
    expect(await repo.videoOrder(id)).toEqual([a, gay, hidden]);
    expect(await repo.detail(id)).toMatchObject({ videos_count: 1, first_video: a });
    expect((await repo.mine(ann, b))[0]?.has_video).toBe(0);
    // A new orientation recounts.
    await repo.update(id, { title: 'T', description: 'D', is_private: 0, orientation: 'gay' }, T0 + 30);
    expect(await repo.detail(id)).toMatchObject({ videos_count: 1, first_video: gay });
  });

  it('lists public playlists of an orientation, a member’s public ones, or all of a member’s own, by sort', async () => {
    setup();
    const ann = await insertMember(layer, 'Ann');
    const bob = await insertMember(layer, 'Bob');
    const p1 = await playlist(ann, { at: T0 + 3 });
    const p2 = await playlist(bob, { at: T0 + 1 });
    const secret = await playlist(ann, { isPrivate: 1, at: T0 + 9 });
    const gay = await playlist(ann, { orientation: 'gay', at: T0 + 2 });
    await layer.db.updateTable('playlists').set({ viewed: 50 }).where('id', '=', p2).execute();
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

    const straight = { orientation: 'straight' as const };
    expect(await repo.count(straight)).toBe(2);
    expect(ids(await repo.page(straight, 'recent', 10, 0))).toEqual([p1, p2]);
    expect(ids(await repo.page(straight, 'most-popular', 10, 0))).toEqual([p2, p1]);
    expect(ids(await repo.page(straight, 'most-popular', 1, 1))).toEqual([p1]);
    expect(await repo.count({ orientation: 'straight', memberId: ann })).toBe(1);
    expect(await repo.count({ ownerId: ann })).toBe(3);
    expect(ids(await repo.page({ ownerId: ann }, 'recent', 10, 0))).toEqual([secret, p1, gay]);
    expect((await repo.page({ ownerId: ann }, 'recent', 1, 0))[0]).toMatchObject({
      name: 'Ann',
      is_private: 1,
    });
    expect(ids(await repo.mine(ann, null))).toEqual([secret, p1, gay]);
  });
});
