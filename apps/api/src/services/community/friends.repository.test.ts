import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './community-test-db';
import { createFriendsRepository } from './friends.repository';

onBothDatabases('the friends repository', (data) => {
  it('knows who can be befriended: active members', async () => {
    const s = seed(data());
    const repo = createFriendsRepository(data());
    expect(await repo.memberActive(await s.member())).toBe(true);
    expect(await repo.memberActive(await s.member({ status: 'unconfirmed' }))).toBe(false);
    expect(await repo.memberActive(9999)).toBe(false);
  });

  it('puts one row per direction and status, and drops it', async () => {
    const s = seed(data());
    const repo = createFriendsRepository(data());
    const [a, b] = [await s.member(), await s.member()];
    expect(await repo.status(a, b)).toBeUndefined();
    await repo.put(a, b, 'pending', NOW);
    expect(await repo.status(a, b)).toBe('pending');
    expect(await repo.status(b, a)).toBeUndefined();
    await repo.put(a, b, 'accepted', NOW + 5);
    expect(await data().db.selectFrom('friends').selectAll().execute()).toEqual([
      { member_id: a, friend_id: b, status: 'accepted', created_at: NOW },
    ]);
    await repo.drop(a, b);
    expect(await repo.status(a, b)).toBeUndefined();
  });

  it('lists the requests others sent, newest first, from active members only', async () => {
    const s = seed(data());
    const repo = createFriendsRepository(data());
    const me = await s.member();
    const [older, newer, gone, friend] = [
      await s.member({ avatar: 'a.jpg' }),
      await s.member(),
      await s.member({ status: 'suspended' }),
      await s.member(),
    ];
    await repo.put(older, me, 'pending', NOW);
    await repo.put(newer, me, 'pending', NOW + 10);
    await repo.put(gone, me, 'pending', NOW + 20);
    await repo.put(friend, me, 'accepted', NOW + 30);
    await repo.put(me, friend, 'pending', NOW + 40);
    const names = await data().db.selectFrom('members').select(['id', 'name']).execute();
    const name = (id: number) => names.find((m) => m.id === id)!.name;
    expect(await repo.incoming(me)).toEqual([
      { id: newer, name: name(newer), avatar: null, createdAt: NOW + 10 },
      { id: older, name: name(older), avatar: 'a.jpg', createdAt: NOW },
    ]);
  });

  it('writes both directions in one transaction', async () => {
    const s = seed(data());
    const repo = createFriendsRepository(data());
    const [a, b] = [await s.member(), await s.member()];
    await expect(
      repo.transaction(async (tx) => {
        await tx.put(a, b, 'accepted', NOW);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await repo.status(a, b)).toBeUndefined();
    await repo.transaction(async (tx) => {
      await tx.put(a, b, 'accepted', NOW);
      await tx.put(b, a, 'accepted', NOW);
    });
    expect([await repo.status(a, b), await repo.status(b, a)]).toEqual(['accepted', 'accepted']);
  });
});
