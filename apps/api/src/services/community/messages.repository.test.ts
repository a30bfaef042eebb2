import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './community-test-db';
import { createMessagesRepository } from './messages.repository';

onBothDatabases('the messages repository', (data) => {
  const setup = async () => {
    const s = seed(data());
    const repo = createMessagesRepository(data());
    const [me, ann, bob] = [await s.member(), await s.member({ avatar: 'ann.jpg' }), await s.member()];
    return { s, repo, me, ann, bob };
  };

  it('knows who can be written to: active members', async () => {
    const { s, repo, ann } = await setup();
    expect(await repo.memberActive(ann)).toBe(true);
    expect(await repo.memberActive(await s.member({ status: 'deleted' }))).toBe(false);
  });

  it('counts unread messages and marks a conversation read', async () => {
    const { repo, me, ann, bob } = await setup();
    const first = await repo.insert(ann, me, 'hello', NOW);
    await repo.insert(ann, me, 'again', NOW + 1);
    await repo.insert(bob, me, 'hi', NOW + 2);
    await repo.insert(me, ann, 'mine', NOW + 3);
    expect(first).toBeGreaterThan(0);
    expect(await repo.unreadCount(me)).toBe(3);
    expect(await repo.unreadCount(ann)).toBe(1);
    await repo.markRead(me, ann, NOW + 10);
    expect(await repo.unreadCount(me)).toBe(1);
    await repo.markRead(me, ann, NOW + 20);
    const read = await data()
      .db.selectFrom('messages')
      .select('read_at')
      .where('id', '=', first)
      .executeTakeFirst();
    expect(read?.read_at).toBe(NOW + 10);
  });

  it('lists conversations, the latest exchange first, with what is unread', async () => {
    const { repo, me, ann, bob } = await setup();
    await repo.insert(ann, me, 'one', NOW);
    await repo.insert(ann, me, 'two', NOW + 1);
    await repo.insert(me, bob, 'to bob', NOW + 2);
    await repo.insert(me, ann, 'answer', NOW + 3);
    const names = await data().db.selectFrom('members').select(['id', 'name']).execute();
    const name = (id: number) => names.find((m) => m.id === id)!.name;
    expect(await repo.conversations(me)).toEqual([
      {
        other: ann,
        unread: 2,
        body: 'answer',
        created_at: NOW + 3,
        from_id: me,
        name: name(ann),
        avatar: 'ann.jpg',
      },
      {
        other: bob,
        unread: 0,
        body: 'to bob',
        created_at: NOW + 2,
        from_id: me,
        name: name(bob),
        avatar: null,
      },
    ]);
    expect(await repo.conversations(bob)).toEqual([
      {
        other: me,
        unread: 1,
        body: 'to bob',
        created_at: NOW + 2,
        from_id: me,
        name: name(me),
        avatar: null,
      },
    ]);
  });

  it('pages a conversation newest first, each side without what it deleted', async () => {
    const { repo, me, ann, bob } = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await repo.insert(i % 2 ? me : ann, i % 2 ? ann : me, `m${i}`, NOW + i));
    await repo.insert(bob, me, 'elsewhere', NOW);
    expect(await repo.countBetween(me, ann)).toBe(5);
    const page = await repo.pageBetween(me, ann, 2, 1);
    expect(page).toEqual([
      { id: ids[3], from_id: me, body: 'm3', created_at: NOW + 3, read_at: null },
      { id: ids[2], from_id: ann, body: 'm2', created_at: NOW + 2, read_at: null },
    ]);
    // I delete one I sent and one I received; Ann still sees both.
    expect(await repo.hide(me, ids[3]!)).toBe(true);
    expect(await repo.hide(me, ids[2]!)).toBe(true);
    expect(await repo.hide(bob, ids[0]!)).toBe(false);
    expect(await repo.countBetween(me, ann)).toBe(3);
    expect(await repo.countBetween(ann, me)).toBe(5);
    expect((await repo.pageBetween(me, ann, 10, 0)).map((m) => m.body)).toEqual(['m4', 'm1', 'm0']);
    // m0, m4 and Bob's: the deleted m2 no longer counts.
    expect(await repo.unreadCount(me)).toBe(3);
    // Bob wrote after m4.
    expect((await repo.conversations(me)).map((c) => c.other)).toEqual([bob, ann]);
  });

  it('writes in a transaction: all or nothing', async () => {
    const { repo, me, ann } = await setup();
    await expect(
      repo.transaction(async (tx) => {
        await tx.insert(me, ann, 'undone', NOW);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await repo.countBetween(me, ann)).toBe(0);
  });
});
