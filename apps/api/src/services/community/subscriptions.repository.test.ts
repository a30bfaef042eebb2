import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './community-test-db';
import { createSubscriptionsRepository } from './subscriptions.repository';

onBothDatabases('the subscriptions repository', (data) => {
  const subscribers = async (table: 'members' | 'models' | 'channels', id: number) =>
    (
      await data()
        .db.selectFrom(table)
        .select('subscribers_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).subscribers_count;

  it('knows what can be subscribed to: active members, models and channels', async () => {
    const s = seed(data());
    const repo = createSubscriptionsRepository(data());
    expect(await repo.exists('member', await s.member())).toBe(true);
    expect(await repo.exists('member', await s.member({ status: 'suspended' }))).toBe(false);
    expect(await repo.exists('model', await s.model())).toBe(true);
    expect(await repo.exists('channel', await s.channel())).toBe(true);
    expect(await repo.exists('channel', 9999)).toBe(false);
  });

  it('adds and removes one subscription per member and object', async () => {
    const s = seed(data());
    const repo = createSubscriptionsRepository(data());
    const [me, model] = [await s.member(), await s.model()];
    expect(await repo.isSubscribed(me, 'model', model)).toBe(false);
    expect(await repo.add(me, 'model', model, NOW)).toBe(true);
    expect(await repo.add(me, 'model', model, NOW + 1)).toBe(false);
    expect(await repo.isSubscribed(me, 'model', model)).toBe(true);
    expect(await repo.isSubscribed(me, 'channel', model)).toBe(false);
    expect(await data().db.selectFrom('subscriptions').selectAll().execute()).toEqual([
      { member_id: me, section: 'model', object_id: model, created_at: NOW },
    ]);
    expect(await repo.remove(me, 'model', model)).toBe(true);
    expect(await repo.remove(me, 'model', model)).toBe(false);
    expect(await repo.isSubscribed(me, 'model', model)).toBe(false);
  });

  it('keeps the subscriber counter, never below 0', async () => {
    const s = seed(data());
    const repo = createSubscriptionsRepository(data());
    const channel = await s.channel();
    const counter = () => subscribers('channels', channel);
    await repo.count('channel', channel, 1);
    await repo.count('channel', channel, 1);
    expect(await counter()).toBe(2);
    await repo.count('channel', channel, -1);
    await repo.count('channel', channel, -1);
    await repo.count('channel', channel, -1);
    expect(await counter()).toBe(0);
  });

  it('writes in a transaction: all or nothing', async () => {
    const s = seed(data());
    const repo = createSubscriptionsRepository(data());
    const [me, member] = [await s.member(), await s.member()];
    await expect(
      repo.transaction(async (tx) => {
        await tx.add(me, 'member', member, NOW);
        await tx.count('member', member, 1);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await repo.isSubscribed(me, 'member', member)).toBe(false);
    await repo.transaction(async (tx) => {
      await tx.add(me, 'member', member, NOW);
      await tx.count('member', member, 1);
    });
    expect(await repo.isSubscribed(me, 'member', member)).toBe(true);
    expect(await subscribers('members', member)).toBe(1);
  });

  it('counts a subscription once when the same member subscribes twice at the same moment', async () => {
    const s = seed(data());
    const repo = createSubscriptionsRepository(data());
    const [me, model] = [await s.member(), await s.model()];
    const subscribe = () =>
      repo.transaction(async (tx) => {
        if (!(await tx.add(me, 'model', model, NOW))) return false;
        await tx.count('model', model, 1);
        return true;
      });
    expect((await Promise.all([subscribe(), subscribe(), subscribe()])).filter(Boolean)).toHaveLength(1);
    expect(await subscribers('models', model)).toBe(1);
  });
});
