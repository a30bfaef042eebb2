import { expect, it } from 'vitest';
import { createCommentsRepository } from './comments.repository';
import { NOW, onBothDatabases, seed } from './community-test-db';

onBothDatabases('the comments repository', (data) => {
  it('knows what visitors can see comments on', async () => {
    const s = seed(data());
    const repo = createCommentsRepository(data());
    expect(await repo.visible('video', await s.video())).toBe(true);
    expect(await repo.visible('video', await s.video({ is_private: 1 }))).toBe(false);
    expect(await repo.visible('album', await s.album())).toBe(true);
    expect(await repo.visible('album', await s.album({ status_id: 2 }))).toBe(false);
    expect(await repo.visible('model', await s.model())).toBe(true);
    expect(await repo.visible('member', await s.member({ status: 'deleted' }))).toBe(true);
    expect(await repo.visible('member', await s.member({ status: 'suspended' }))).toBe(false);
  });

  it('pages the comments of one object or of a version group, newest first, without deleted ones', async () => {
    const s = seed(data());
    const repo = createCommentsRepository(data());
    const [v1, v2, other] = [await s.video(), await s.video(), await s.video()];
    const author = await s.member({ avatar: 'me.jpg' });
    const post = (objectId: number, comment: string, now: number) =>
      repo.insert({ section: 'video', objectId, memberId: author, comment, now });
    const a = await post(v1, 'on the first', NOW);
    const b = await post(v2, 'on the second', NOW + 1);
    const c = await post(v1, 'same second', NOW + 1);
    const d = await post(v1, 'deleted', NOW + 2);
    await post(other, 'elsewhere', NOW);
    await repo.insert({ section: 'album', objectId: v1, memberId: author, comment: 'an album', now: NOW });
    await data().db.updateTable('comments').set({ is_deleted: 1 }).where('id', '=', d).execute();
    expect(await repo.count('video', [v1])).toBe(2);
    expect(await repo.count('video', [v1, v2])).toBe(3);
    const { name } = await data()
      .db.selectFrom('members')
      .select('name')
      .where('id', '=', author)
      .executeTakeFirstOrThrow();
    expect(await repo.page('video', [v1, v2], 2, 0)).toEqual([
      { id: c, comment: 'same second', added_date: NOW + 1, member_id: author, name, avatar: 'me.jpg' },
      { id: b, comment: 'on the second', added_date: NOW + 1, member_id: author, name, avatar: 'me.jpg' },
    ]);
    expect((await repo.page('video', [v1, v2], 2, 2)).map((r) => r.id)).toEqual([a]);
    expect((await repo.page('album', [v1], 10, 0)).map((r) => r.comment)).toEqual(['an album']);
  });

  it('counts comments on videos and albums and tells whose they are', async () => {
    const s = seed(data());
    const repo = createCommentsRepository(data());
    const uploader = await s.member();
    const album = await s.album({ uploader_id: uploader, title: 'Summer 1972', dir: 'summer-1972' });
    await repo.counted('albums', album);
    await repo.counted('albums', album);
    const row = await data()
      .db.selectFrom('albums')
      .select('comments_count')
      .where('id', '=', album)
      .executeTakeFirstOrThrow();
    expect(row.comments_count).toBe(2);
    expect(await repo.owner('albums', album)).toEqual({
      owner: uploader,
      id: album,
      dir: 'summer-1972',
      title: 'Summer 1972',
    });
    expect(await repo.owner('videos', 9999)).toBeUndefined();
  });

  it('writes in a transaction: all or nothing', async () => {
    const s = seed(data());
    const repo = createCommentsRepository(data());
    const video = await s.video();
    const memberId = await s.member();
    await expect(
      repo.transaction(async (tx) => {
        await tx.insert({ section: 'video', objectId: video, memberId, comment: 'undone', now: NOW });
        await tx.counted('videos', video);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await repo.count('video', [video])).toBe(0);
  });
});
