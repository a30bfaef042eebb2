import { expect, it } from 'vitest';
import type { AuditRow } from '../audit/audit-entry';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { insertReport } from './moderation-test-rows';
import { createRemovalsRepository } from './removals.repository';

onBothDatabases('the removals repository', (data) => {
  const entry: AuditRow = {
    actor_id: null,
    action: 'video.takedown',
    target_type: 'video',
    target_id: null,
    reason: null,
    before: null,
    after: null,
    created_at: NOW,
  };
  const report = (over: Parameters<typeof insertReport>[1] = {}) =>
    insertReport(data(), { target_section: 'video', ...over });
  const request = (reportId: number, deadline: number, lang = 'en') =>
    data()
      .db.insertInto('removal_requests')
      .values({
        report_id: reportId,
        kind: 'ncii',
        signature: 'S',
        good_faith_at: NOW,
        content: 'https://example.test/videos/1/',
        deadline_at: deadline,
        lang,
      })
      .execute();

  it('reads videos and their open reports; records, resolves and audits a removal in one transaction', async () => {
    const s = seed(data());
    const repo = createRemovalsRepository(data());
    const uploader = await s.member();
    const v = await s.video({ uploader_id: uploader });
    expect(await repo.video(v)).toMatchObject({ id: v, statusId: 1, uploaderId: uploader });
    expect(await repo.video(99_999)).toBeUndefined();
    const a = await report({ target_id: v, subject: 'ncii' });
    await report({ target_id: v, status: 'dismissed' });
    const other = await report({ target_id: v + 1000 });
    expect(await repo.openReportsOf(v)).toEqual([{ id: a, subject: 'ncii' }]);
    const removal = (actorId: number | null) => ({
      videoId: v,
      reason: 'ncii',
      reportId: a,
      copyOf: null,
      priorStatus: 1,
      actorId,
      now: NOW,
    });
    await expect(
      repo.transaction(async (tx) => {
        await tx.insertRemoval(removal(null));
        await tx.audit({ ...entry, action: null as unknown as string });
      }),
    ).rejects.toThrow();
    expect(await data().db.selectFrom('removals').selectAll().execute()).toEqual([]);
    await repo.transaction(async (tx) => {
      await tx.insertRemoval(removal(uploader));
      await tx.resolveReportsOf(v, uploader, NOW + 1);
      await tx.audit(entry);
    });
    expect(await repo.openReportsOf(v)).toEqual([]);
    const resolved = await data()
      .db.selectFrom('reports')
      .select(['id', 'status', 'resolution', 'resolved_at'])
      .where('id', 'in', [a, other])
      .orderBy('id')
      .execute();
    expect(resolved).toEqual([
      { id: a, status: 'actioned', resolution: 'taken_down', resolved_at: NOW + 1 },
      { id: other, status: 'open', resolution: null, resolved_at: null },
    ]);
    expect(await s.auditActions()).toEqual(['video.takedown']);

    const recorded = await data().db.selectFrom('removals').select('id').executeTakeFirstOrThrow();
    expect(await repo.unrestored(recorded.id)).toEqual({ videoId: v, prior: 1 });
    expect(await repo.markRestored(recorded.id, NOW + 2)).toBe(true);
    expect(await repo.markRestored(recorded.id, NOW + 3)).toBe(false);
    expect(await repo.unrestored(recorded.id)).toBeUndefined();
  });

  it('finds deadline requests, keeps appeal token hashes, lists due requests and claims each alert once', async () => {
    const s = seed(data());
    const repo = createRemovalsRepository(data());
    const soon = await report({ subject: 'ncii' });
    const later = await report({ subject: 'ncii' });
    const missed = await report({ subject: 'ncii' });
    const closed = await report({ subject: 'ncii', status: 'dismissed' });
    await request(soon, NOW + 3600, 'de');
    await request(later, NOW + 86_400);
    await request(missed, NOW - 10);
    await request(closed, NOW - 10);
    expect(await repo.requestsOf([])).toEqual([]);
    expect(await repo.requestsOf([soon, later + 1000])).toEqual([
      { id: soon, email: 'r@example.test', kind: 'ncii', lang: 'de' },
    ]);
    await repo.setAppealTokenHash(soon, 'h');
    const hash = await data()
      .db.selectFrom('removal_requests')
      .select('appeal_token_hash')
      .where('report_id', '=', soon)
      .executeTakeFirst();
    expect(hash?.appeal_token_hash).toBe('h');

    const due = async () =>
      (await repo.dueRequests(NOW, 12 * 3600)).map((r) => ({
        id: r.id,
        deadline: r.deadline,
        warned: Boolean(r.warned),
        missed: Boolean(r.missed),
      }));
    expect(await due()).toEqual([
      { id: missed, deadline: NOW - 10, warned: false, missed: false },
      { id: soon, deadline: NOW + 3600, warned: false, missed: false },
    ]);
    expect(await repo.transaction((tx) => tx.markAlert(missed, 'missed', NOW))).toBe(true);
    expect(await repo.markAlert(missed, 'missed', NOW)).toBe(false);
    expect(await repo.markAlert(soon, 'approaching', NOW)).toBe(true);
    expect(await due()).toEqual([
      { id: missed, deadline: NOW - 10, warned: false, missed: true },
      { id: soon, deadline: NOW + 3600, warned: true, missed: false },
    ]);

    await s.member({ email: 'mod@example.test', role: 'moderator', status: 'active' });
    const admin = await s.member({ email: 'admin@example.test', role: 'admin', status: 'active' });
    await s.member({ email: 'off@example.test', role: 'moderator', status: 'suspended' });
    await s.member({ email: 'member@example.test', status: 'active' });
    await data().db.insertInto('notification_prefs').values({ member_id: admin, lang: 'fr' }).execute();
    expect(await repo.staffMail()).toEqual([
      { email: 'mod@example.test', lang: 'en' },
      { email: 'admin@example.test', lang: 'fr' },
    ]);
  });
});
