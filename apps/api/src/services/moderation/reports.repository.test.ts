import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { insertReport } from './moderation-test-rows';
import { recordRemovalRequest } from './removal-request';
import { createReportsRepository } from './reports.repository';

onBothDatabases('the reports repository', (data) => {
  it('files a report and its deadline request in one transaction', async () => {
    const s = seed(data());
    const repo = createReportsRepository(data());
    const v = await s.video();
    expect(await repo.videoExists(v)).toBe(true);
    expect(await repo.videoExists(99_999)).toBe(false);
    const row = {
      subject: 'ncii' as const,
      email: 'p@example.test',
      message: 'Please remove',
      referrer: null,
      target_section: 'video',
      target_id: v,
      file_path: null,
      priority: 1,
      reporter_id: null,
      created_at: NOW,
    };
    await expect(
      repo.transaction(async (tx) => {
        const id = await tx.insertReport(row);
        await tx.insertRemovalRequest({
          report_id: id,
          kind: 'ncii',
          signature: null as unknown as string,
          good_faith_at: NOW,
          content: 'x',
          deadline_at: NOW,
        });
      }),
    ).rejects.toThrow();
    expect(await data().db.selectFrom('reports').select('id').execute()).toEqual([]);
    const id = await repo.transaction(async (tx) => {
      const reportId = await tx.insertReport(row);
      await recordRemovalRequest(tx, {
        reportId,
        kind: 'ncii',
        signature: 'Jane Doe',
        content: 'https://example.test/videos/1/',
        now: NOW,
        lang: 'de',
      });
      return reportId;
    });
    expect(await data().db.selectFrom('reports').selectAll().execute()).toEqual([
      { ...row, id, status: 'open', resolved_at: null, resolved_by: null, resolution: null },
    ]);
    expect(await data().db.selectFrom('removal_requests').selectAll().execute()).toEqual([
      {
        report_id: id,
        kind: 'ncii',
        signature: 'Jane Doe',
        good_faith_at: NOW,
        content: 'https://example.test/videos/1/',
        deadline_at: NOW + 48 * 3600,
        lang: 'de',
        appeal_token_hash: null,
      },
    ]);
  });

  const deadline = (reportId: number, at: number) =>
    data()
      .db.insertInto('removal_requests')
      .values({
        report_id: reportId,
        kind: 'removal',
        signature: 'S',
        good_faith_at: NOW,
        content: 'c',
        deadline_at: at,
      })
      .execute();

  it('groups open reports by target, deadlines first, and reads a group, its video and comments', async () => {
    const s = seed(data());
    const repo = createReportsRepository(data());
    const uploader = await s.member({ name: 'uploader', status: 'active' });
    const v1 = await s.video({ uploader_id: uploader, media_path: 'm/1' });
    const v2 = await s.video();
    const old1 = await insertReport(data(), {
      target_section: 'video',
      target_id: v1,
      created_at: NOW - 100,
    });
    const new1 = await insertReport(data(), {
      target_section: 'video',
      target_id: v1,
      created_at: NOW - 10,
      file_path: 'reports/x.png',
    });
    await insertReport(data(), { target_section: 'video', target_id: v1, status: 'dismissed' });
    const loose1 = await insertReport(data(), { created_at: NOW - 500 });
    const loose2 = await insertReport(data(), { created_at: NOW - 400, priority: 1 });
    const due = await insertReport(data(), {
      subject: 'removal',
      target_section: 'video',
      target_id: v2,
      created_at: NOW - 5,
      priority: 1,
    });
    await deadline(due, NOW + 3600);

    const groups = await repo.openGroups(10);
    expect(groups).toEqual([
      {
        section: 'video',
        targetId: v2,
        firstId: due,
        count: 1,
        priority: 1,
        oldest: NOW - 5,
        newest: NOW - 5,
        deadline: NOW + 3600,
      },
      {
        section: null,
        targetId: null,
        firstId: loose2,
        count: 1,
        priority: 1,
        oldest: NOW - 400,
        newest: NOW - 400,
        deadline: null,
      },
      {
        section: null,
        targetId: null,
        firstId: loose1,
        count: 1,
        priority: 0,
        oldest: NOW - 500,
        newest: NOW - 500,
        deadline: null,
      },
      {
        section: 'video',
        targetId: v1,
        firstId: old1,
        count: 2,
        priority: 0,
        oldest: NOW - 100,
        newest: NOW - 10,
        deadline: null,
      },
    ]);
    expect(await repo.openGroups(1)).toHaveLength(1);

    const group = { section: 'video', id: v1 };
    expect((await repo.openReportsIn(group, 10)).map((r) => [r.id, r.file_path, r.deadline_at])).toEqual([
      [new1, 'reports/x.png', null],
      [old1, null, null],
    ]);
    expect(await repo.openReportsIn({ section: 'video', id: v2 }, 10)).toMatchObject([
      { id: due, subject: 'removal', deadline_at: NOW + 3600, signature: 'S', content: 'c' },
    ]);
    expect(await repo.openReportsIn(group, 1)).toHaveLength(1);
    expect(await repo.openIdsIn(group)).toEqual(expect.arrayContaining([old1, new1]));
    expect(await repo.openIdsIn({ reportId: loose1 })).toEqual([loose1]);
    expect(await repo.fileOf(new1)).toBe('reports/x.png');
    expect(await repo.fileOf(old1)).toBeNull();
    expect(await repo.fileOf(99_999)).toBeNull();

    expect(await repo.video(v1)).toEqual({
      id: v1,
      title: expect.any(String),
      dir: expect.any(String),
      statusId: 1,
      mediaPath: 'm/1',
      uploaderId: uploader,
      uploaderName: 'uploader',
      uploaderStatus: 'active',
      uploaderRole: 'member',
    });
    expect(await repo.video(v2)).toMatchObject({ uploaderId: null, uploaderName: null });
    expect(await repo.video(99_999)).toBeUndefined();

    const comment = (at: number, over = {}) =>
      data()
        .db.insertInto('comments')
        .values({
          section: 'video',
          object_id: v1,
          member_id: uploader,
          comment: `c${at}`,
          added_date: at,
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const c1 = await comment(NOW - 2);
    const c2 = await comment(NOW - 1);
    await comment(NOW, { is_deleted: 1 });
    await comment(NOW, { section: 'album' });
    expect(await repo.latestComments(v1, 10)).toEqual([
      { id: c2.id, text: `c${NOW - 1}`, addedAt: NOW - 1, memberId: uploader, memberName: 'uploader' },
      { id: c1.id, text: `c${NOW - 2}`, addedAt: NOW - 2, memberId: uploader, memberName: 'uploader' },
    ]);
    expect(await repo.latestComments(v1, 1)).toHaveLength(1);
  });

  it('counts open, overdue and missed; resolves groups; hides comments with their count and audit', async () => {
    const s = seed(data());
    const repo = createReportsRepository(data());
    const member = await s.member();
    const v = await s.video({ comments_count: 1 });
    const a = await insertReport(data(), { target_section: 'video', target_id: v, created_at: NOW - 1000 });
    const b = await insertReport(data(), { target_section: 'video', target_id: v, created_at: NOW });
    const c = await insertReport(data(), { created_at: NOW });
    await deadline(c, NOW - 1);
    expect(await repo.counts(NOW, NOW - 500)).toEqual({ open: 3, overdue: 1, missed: 1 });

    const by = { status: 'dismissed' as const, resolution: 'dismissed', actorId: member, now: NOW + 5 };
    expect(await repo.resolve({ section: 'video', id: v }, by)).toBe(2);
    expect(await repo.resolve({ section: 'video', id: v }, by)).toBe(0);
    expect(await repo.counts(NOW, NOW - 500)).toEqual({ open: 1, overdue: 0, missed: 1 });
    const closed = await data()
      .db.selectFrom('reports')
      .select(['id', 'status', 'resolution', 'resolved_at', 'resolved_by'])
      .where('id', 'in', [a, b, c])
      .orderBy('id')
      .execute();
    expect(closed).toEqual([
      { id: a, status: 'dismissed', resolution: 'dismissed', resolved_at: NOW + 5, resolved_by: member },
      { id: b, status: 'dismissed', resolution: 'dismissed', resolved_at: NOW + 5, resolved_by: member },
      { id: c, status: 'open', resolution: null, resolved_at: null, resolved_by: null },
    ]);
    expect(await repo.resolve({ reportId: c }, { ...by, status: 'actioned' })).toBe(1);
    expect(await repo.counts(NOW, NOW - 500)).toEqual({ open: 0, overdue: 0, missed: 0 });

    const row = await data()
      .db.insertInto('comments')
      .values({ section: 'video', object_id: v, member_id: member, comment: 'rude', added_date: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reported = await insertReport(data(), { target_section: 'comment', target_id: row.id });
    const found = await repo.comment(row.id);
    expect(found).toEqual({ id: row.id, section: 'video', object_id: v, member_id: member, comment: 'rude' });
    const entry = {
      actor_id: member,
      action: 'comment.delete',
      target_type: 'comment',
      target_id: row.id,
      created_at: NOW,
    };
    await expect(
      repo.transaction(async (tx) => {
        await tx.deleteComment(found!);
        await tx.audit({ ...entry, action: null as unknown as string });
      }),
    ).rejects.toThrow();
    expect(await repo.comment(row.id)).toBeDefined();
    for (let i = 0; i < 2; i++)
      await repo.transaction(async (tx) => {
        await tx.deleteComment(found!);
        await tx.resolve(
          { section: 'comment', id: row.id },
          { ...by, status: 'actioned', resolution: 'comment_deleted' },
        );
        await tx.audit(entry);
      });
    expect(await repo.comment(row.id)).toBeUndefined();
    expect(await s.auditActions()).toEqual(['comment.delete', 'comment.delete']);
    const counted = await data()
      .db.selectFrom('videos')
      .select('comments_count')
      .where('id', '=', v)
      .executeTakeFirstOrThrow();
    expect(counted.comments_count).toBe(0);
    expect(await repo.openIdsIn({ reportId: reported })).toEqual([]);
  });

  it('reads a member and changes its status only from the one expected', async () => {
    const s = seed(data());
    const repo = createReportsRepository(data());
    const m = await s.member({ name: 'banned', status: 'active' });
    expect(await repo.member(m)).toEqual({ id: m, name: 'banned', status: 'active', role: 'member' });
    expect(await repo.member(99_999)).toBeUndefined();
    expect(await repo.setMemberStatus(m, 'active', 'suspended')).toBe(true);
    expect(await repo.setMemberStatus(m, 'active', 'suspended')).toBe(false);
    expect((await repo.member(m))?.status).toBe('suspended');
    expect(await repo.setMemberStatus(m, 'suspended', 'active')).toBe(true);
    expect((await repo.member(m))?.status).toBe('active');
  });
});
