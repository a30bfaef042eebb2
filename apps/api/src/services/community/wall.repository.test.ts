import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './community-test-db';
import { createWallRepository } from './wall.repository';

onBothDatabases('the wall repository', (data) => {
  it('knows which walls exist: models and active members', async () => {
    const s = seed(data());
    const repo = createWallRepository(data());
    expect(await repo.exists('model', await s.model())).toBe(true);
    expect(await repo.exists('member', await s.member())).toBe(true);
    expect(await repo.exists('member', await s.member({ status: 'suspended' }))).toBe(false);
    expect(await repo.exists('model', 9999)).toBe(false);
  });

  it('pages a wall newest first, without deleted posts or suspended authors', async () => {
    const s = seed(data());
    const repo = createWallRepository(data());
    const owner = await s.member();
    const [ann, gone, banned] = [
      await s.member({ avatar: 'ann.jpg' }),
      await s.member({ status: 'deleted' }),
      await s.member({ status: 'suspended' }),
    ];
    const post = (authorId: number, body: string, now: number) =>
      repo.insert({ section: 'member', objectId: owner, authorId, body, now });
    const a = await post(ann, 'first', NOW);
    const b = await post(gone, 'from a deleted account', NOW + 1);
    const c = await post(ann, 'same second, later id', NOW + 1);
    await post(banned, 'hidden', NOW + 2);
    const d = await post(ann, 'deleted', NOW + 3);
    await data().db.updateTable('wall_posts').set({ is_deleted: 1 }).where('id', '=', d).execute();
    await repo.insert({ section: 'model', objectId: owner, authorId: ann, body: 'another wall', now: NOW });
    expect(await repo.count('member', owner)).toBe(3);
    const names = await data().db.selectFrom('members').select(['id', 'name']).execute();
    const name = (id: number) => names.find((m) => m.id === id)!.name;
    expect(await repo.page('member', owner, 2, 0)).toEqual([
      {
        id: c,
        body: 'same second, later id',
        created_at: NOW + 1,
        author_id: ann,
        name: name(ann),
        avatar: 'ann.jpg',
      },
      {
        id: b,
        body: 'from a deleted account',
        created_at: NOW + 1,
        author_id: gone,
        name: name(gone),
        avatar: null,
      },
    ]);
    expect((await repo.page('member', owner, 2, 2)).map((p) => p.id)).toEqual([a]);
    expect(await repo.count('model', owner)).toBe(1);
  });

  it('writes in a transaction: all or nothing', async () => {
    const s = seed(data());
    const repo = createWallRepository(data());
    const model = await s.model();
    const author = await s.member();
    await expect(
      repo.transaction(async (tx) => {
        await tx.insert({ section: 'model', objectId: model, authorId: author, body: 'undone', now: NOW });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await repo.count('model', model)).toBe(0);
  });
});
