import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { onBothDatabases } from '../shared/stats-test-databases';
import { createAuditRepository } from './audit.repository';
import { AUDIT_PAGE_SIZE, createAuditLog } from './audit.service';

const NOW = 1_700_000_000;

onBothDatabases('the audit log', (database) => {
  async function seed() {
    const { db } = database().layer;
    await db
      .insertInto('members')
      .values([
        { id: 1, name: 'mod', email: 'mod@example.test', role: 'moderator', created_at: NOW },
        { id: 2, name: 'admin', email: 'admin@example.test', role: 'admin', created_at: NOW },
        { id: 3, name: 'ex-mod', email: 'ex@example.test', role: 'member', created_at: NOW },
        { id: 4, name: 'member', email: 'member@example.test', role: 'member', created_at: NOW },
      ])
      .execute();
    let now = NOW;
    const log = createAuditLog({
      repo: createAuditRepository(database().layer),
      clock: { now: () => now++ },
    });
    return log;
  }

  it('records entries and lists them newest first, with the actor, filters and JSON as written', async () => {
    const log = await seed();
    await log.record({
      actorId: 1,
      action: 'video.approve',
      targetType: 'video',
      targetId: 10,
      before: { status_id: 2 },
      after: { status_id: 1, tags: ['a', 'b'] },
    });
    await log.record({ actorId: 3, action: 'member.ban', targetType: 'member', targetId: 4, reason: 'spam' });
    await log.record({
      actorId: null,
      action: 'member.create',
      targetType: 'member',
      targetId: 2,
      before: null,
    });
    const all = await log.list({ page: 1 });
    expect(all.total).toBe(3);
    expect(all.entries.map((e) => e.action)).toEqual(['member.create', 'member.ban', 'video.approve']);
    expect(all.entries[2]).toMatchObject({
      actorId: 1,
      actorName: 'mod',
      targetType: 'video',
      targetId: 10,
      reason: null,
      before: { status_id: 2 },
      after: { status_id: 1, tags: ['a', 'b'] },
      createdAt: NOW,
    });
    expect(all.entries[1]).toMatchObject({ actorName: 'ex-mod', reason: 'spam', before: null, after: null });
    expect(all.entries[0]).toMatchObject({ actorId: null, actorName: null, before: null });
    expect((await log.list({ page: 1, actorId: 3 })).entries.map((e) => e.targetId)).toEqual([4]);
    expect((await log.list({ page: 1, action: 'video.approve' })).total).toBe(1);
    expect((await log.list({ page: 1, from: NOW + 1, to: NOW + 1 })).entries.map((e) => e.action)).toEqual([
      'member.ban',
    ]);
    expect((await log.list({ page: 2 })).entries).toEqual([]);
  });

  it('pages by AUDIT_PAGE_SIZE', async () => {
    const log = await seed();
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      await log.record({ actorId: 1, action: 'comment.delete', targetType: 'comment', targetId: i });
    const second = await log.list({ page: 2 });
    expect(second.total).toBe(AUDIT_PAGE_SIZE + 3);
    expect(second.entries.map((e) => e.targetId)).toEqual([2, 1, 0]);
  });

  it('names staff and past actors for the filter', async () => {
    const log = await seed();
    await log.record({ actorId: 3, action: 'member.ban', targetType: 'member', targetId: 4 });
    expect(await log.actors()).toEqual([
      { id: 2, name: 'admin' },
      { id: 3, name: 'ex-mod' },
      { id: 1, name: 'mod' },
    ]);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const log = await seed();
    await log.record({
      actorId: 1,
      action: 'video.reject',
      targetType: 'video',
      targetId: 5,
      reason: 'blurry',
    });
    const { db } = database().layer;
    await expect(db.updateTable('audit_log').set({ reason: 'fine' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id > 0`.execute(db)).rejects.toThrow(/append-only/);
    expect((await log.list({ page: 1 })).entries).toMatchObject([{ reason: 'blurry' }]);
  });
});
