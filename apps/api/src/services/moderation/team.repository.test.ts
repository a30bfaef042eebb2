import { expect, it } from 'vitest';
import type { AuditRow } from '../audit/audit-entry';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createTeamRepository } from './team.repository';

onBothDatabases('the team repository', (data) => {
  const entry = (action: string, targetId: number | null = null): AuditRow => ({
    actor_id: null,
    action,
    target_type: 'member',
    target_id: targetId,
    reason: null,
    before: null,
    after: null,
    created_at: NOW,
  });

  it('lists staff by role then name, finds members by a case-insensitive, escaped name prefix', async () => {
    const s = seed(data());
    const repo = createTeamRepository(data());
    await s.member({ name: 'zed', role: 'moderator' });
    await s.member({ name: 'amy', role: 'admin' });
    await s.member({ name: 'bob', role: 'moderator' });
    await s.member({ name: 'Bo_b' });
    await s.member({ name: 'boxer' });
    expect((await repo.staff()).map((m) => [m.name, m.role])).toEqual([
      ['amy', 'admin'],
      ['bob', 'moderator'],
      ['zed', 'moderator'],
    ]);
    expect((await repo.findByNamePrefix('BO')).map((m) => m.name).sort()).toEqual(['Bo_b', 'bob', 'boxer']);
    expect((await repo.findByNamePrefix('bo_')).map((m) => m.name)).toEqual(['Bo_b']);
    expect(await repo.findByNamePrefix('%')).toEqual([]);
  });

  it('reads a member, sets a role with its audit entry atomically', async () => {
    const s = seed(data());
    const repo = createTeamRepository(data());
    const id = await s.member({ name: 'carol', email: 'carol@example.test' });
    expect(await repo.byId(id)).toEqual({
      id,
      name: 'carol',
      email: 'carol@example.test',
      role: 'member',
      status: 'unconfirmed',
    });
    expect(await repo.byId(99_999)).toBeUndefined();
    expect((await repo.byName('CAROL'))?.id).toBe(id);
    expect(await repo.byName('caro')).toBeUndefined();
    await expect(
      repo.setRole(id, 'moderator', { ...entry('role.grant'), action: null as unknown as string }),
    ).rejects.toThrow();
    expect((await repo.byId(id))?.role).toBe('member');
    await repo.setRole(id, 'moderator', entry('role.grant', id));
    expect((await repo.byId(id))?.role).toBe('moderator');
    expect(await s.auditActions()).toEqual(['role.grant']);
    await repo.setRole(id, 'admin', entry('role.grant', id));
    expect((await repo.byName('carol'))?.role).toBe('admin');
  });

  it('creates an active account with its audit entry; knows taken names and emails case-insensitively', async () => {
    const s = seed(data());
    const repo = createTeamRepository(data());
    const id = await repo.createAccount(
      { name: 'Dave', email: 'Dave@example.test', passwordHash: 'h', role: 'admin', now: NOW },
      (newId) => entry('member.create', newId),
    );
    expect(await repo.byId(id)).toMatchObject({ name: 'Dave', role: 'admin', status: 'active' });
    const audit = await data().db.selectFrom('audit_log').select('target_id').executeTakeFirst();
    expect(audit?.target_id).toBe(id);
    expect(await repo.nameOrEmailTaken('dave', 'x@example.test')).toEqual({
      name: 'Dave',
      email: 'Dave@example.test',
    });
    expect(await repo.nameOrEmailTaken('x', 'dave@EXAMPLE.test')).toBeDefined();
    expect(await repo.nameOrEmailTaken('x', 'y@example.test')).toBeUndefined();
    expect(await s.auditActions()).toEqual(['member.create']);
  });
});
