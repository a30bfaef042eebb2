import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createVersionsRepository } from './versions.repository';

onBothDatabases('the versions repository', (data) => {
  const setup = async () => {
    const s = seed(data());
    const mod = await s.member({ name: 'mod' });
    const [a, b, c] = [await s.video(), await s.video({ height: 720 }), await s.video({ status_id: 2 })];
    return { s, mod, a, b, c, repo: createVersionsRepository(data()) };
  };

  it('reads videos, groups, moves and dissolves them', async () => {
    const { mod, a, b, c, repo } = await setup();
    expect(await repo.video(b)).toEqual({
      id: b,
      title: expect.any(String),
      dir: expect.any(String),
      status_id: 1,
      is_private: 0,
      duration_sec: 0,
      height: 720,
    });
    expect(await repo.video(99_999)).toBeUndefined();
    expect(await repo.membership(b)).toBeUndefined();
    expect(await repo.countMembers(a)).toBe(0);
    await repo.insert(c, a, 'listed', mod, NOW);
    await repo.transaction(async (tx) => {
      expect(await tx.video(a)).toBeDefined();
      await tx.insert(b, a, 'redirect', mod, NOW);
    });
    expect(await repo.membership(b)).toEqual({ canonical_id: a, mode: 'redirect' });
    expect(await repo.countMembers(a)).toBe(2);
    expect((await repo.membersOf(a)).map((m) => [m.id, m.mode, m.status_id])).toEqual([
      [b, 'redirect', 1],
      [c, 'listed', 2],
    ]);
    await repo.setMode(b, 'listed');
    // b leads the group; a takes b's place.
    await repo.remove(b);
    await repo.moveGroup(a, b);
    await repo.insert(a, b, 'listed', mod, NOW);
    expect((await repo.membersOf(b)).map((m) => [m.id, m.mode])).toEqual([
      [a, 'listed'],
      [c, 'listed'],
    ]);
    expect(await repo.membersOf(a)).toEqual([]);
    await expect(repo.insert(a, c, 'listed', mod, NOW)).rejects.toThrow();
  });

  it('writes the audit entry in the transaction of the change; a failure undoes both', async () => {
    const { s, mod, a, b, repo } = await setup();
    const entry = { actor_id: mod, action: 'video.version_group', target_type: 'video', created_at: NOW };
    await expect(
      repo.transaction(async (tx) => {
        await tx.insert(b, a, 'redirect', mod, NOW);
        await tx.audit(entry);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await repo.membership(b)).toBeUndefined();
    expect(await s.auditActions()).toEqual([]);
    await repo.transaction(async (tx) => {
      await tx.insert(b, a, 'redirect', mod, NOW);
      await tx.audit(entry);
    });
    expect(await s.auditActions()).toEqual(['video.version_group']);
  });
});
