import { expect, it } from 'vitest';
import { describeOnBothDatabases, insertMember } from '../members/members-test-databases';
import { createSessionsRepository } from './sessions.repository';

const NOW = 1_700_000_000;

describeOnBothDatabases('the sessions repository', (data) => {
  const session = (id: string, memberId: number, over: { expiresAt?: number; createdAt?: number } = {}) => ({
    id,
    memberId,
    expiresAt: over.expiresAt ?? NOW + 1000,
    createdAt: over.createdAt ?? NOW,
    userAgent: 'test',
  });

  it('finds a session with its active member, and not once the member is suspended', async () => {
    const repo = createSessionsRepository(data());
    const ann = await insertMember(data(), { name: 'Ann' });
    await repo.insert(session('a'.repeat(64), ann));
    expect(await repo.findWithActiveMember('a'.repeat(64))).toEqual({
      id: 'a'.repeat(64),
      expires_at: NOW + 1000,
      last_seen_at: null,
      member_id: ann,
      name: 'Ann',
      role: 'member',
    });
    expect(await repo.findWithActiveMember('b'.repeat(64))).toBeUndefined();
    await data().db.updateTable('members').set({ status: 'suspended' }).where('id', '=', ann).execute();
    expect(await repo.findWithActiveMember('a'.repeat(64))).toBeUndefined();
  });

  it('touches and extends a session', async () => {
    const repo = createSessionsRepository(data());
    const ann = await insertMember(data(), { name: 'Ann' });
    await repo.insert(session('s1', ann));
    await repo.touch('s1', NOW + 5);
    await repo.setExpiry('s1', NOW + 9999);
    expect(await repo.findWithActiveMember('s1')).toMatchObject({
      last_seen_at: NOW + 5,
      expires_at: NOW + 9999,
    });
  });

  it('lists the unexpired sessions of a member, most recently used first', async () => {
    const repo = createSessionsRepository(data());
    const ann = await insertMember(data(), { name: 'Ann' });
    const bob = await insertMember(data(), { name: 'Bob' });
    await repo.insert(session('old', ann, { createdAt: NOW - 100 }));
    await repo.insert(session('new', ann, { createdAt: NOW - 50 }));
    await repo.insert(session('used', ann, { createdAt: NOW - 200 }));
    await repo.touch('used', NOW - 10);
    await repo.insert(session('gone', ann, { expiresAt: NOW }));
    await repo.insert(session('bobs', bob));
    const rows = await repo.listOf(ann, NOW, 100);
    expect(rows.map((r) => [r.id, r.last_seen_at])).toEqual([
      ['used', NOW - 10],
      ['new', NOW - 50],
      ['old', NOW - 100],
    ]);
    expect(rows[0]).toMatchObject({ user_agent: 'test', created_at: NOW - 200 });
    expect(await repo.listOf(ann, NOW, 1)).toHaveLength(1);
  });

  it('removes one, all, the others, one other by key, and the expired', async () => {
    const repo = createSessionsRepository(data());
    const ann = await insertMember(data(), { name: 'Ann' });
    const bob = await insertMember(data(), { name: 'Bob' });
    for (const id of ['aaaa1', 'aaaa2', 'bbbb1', 'cccc1']) await repo.insert(session(id, ann));
    await repo.insert(session('aaaa3', bob));
    await repo.insert(session('dddd1', ann, { expiresAt: NOW - 1 }));

    expect(await repo.removeExpired(NOW)).toBe(1);
    // The key matches the first `length` characters only, of the member's own sessions, never the kept one.
    expect(await repo.removeOthersOf(ann, 'aaaa1', { length: 4, key: 'aaaa' })).toBe(1);
    expect(await repo.removeOthersOf(ann, '', { length: 4, key: 'aaa' })).toBe(0);
    expect(await repo.removeOthersOf(ann, '', { length: 5, key: 'bbbb1' })).toBe(1);
    await repo.remove('aaaa1');
    expect((await repo.listOf(ann, NOW, 100)).map((r) => r.id)).toEqual(['cccc1']);
    await repo.insert(session('eeee1', ann));
    expect(await repo.removeOthersOf(ann, 'eeee1')).toBe(1);
    expect(await repo.removeAllOf(ann)).toBe(1);
    expect(await repo.listOf(ann, NOW, 100)).toEqual([]);
    expect((await repo.listOf(bob, NOW, 100)).map((r) => r.id)).toEqual(['aaaa3']);
  });
});
