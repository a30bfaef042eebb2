import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createAppealsRepository } from './appeals.repository';
import { insertReport } from './moderation-test-rows';

onBothDatabases('the appeals repository', (data) => {
  const removal = async (videoId: number, over: { restored_at?: number } = {}) => {
    const r = await data()
      .db.insertInto('removals')
      .values({ video_id: videoId, reason: 'copyright', prior_status: 1, created_at: NOW, ...over })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  };

  it('finds the removal an uploader may appeal, files one appeal per removal, and queues it', async () => {
    const s = seed(data());
    const repo = createAppealsRepository(data());
    const uploader = await s.member({ name: 'up' });
    const other = await s.member();
    const v = await s.video({ uploader_id: uploader, status_id: 5, media_path: 'm/9' });
    await removal(v, { restored_at: NOW });
    const first = await removal(v);
    const latest = await removal(v);
    expect(first).toBeLessThan(latest);
    expect(await repo.removalOf(uploader, v)).toEqual({
      id: latest,
      reason: 'copyright',
      removedAt: NOW,
      title: expect.any(String),
      videoId: v,
      appealStatus: null,
      appealedAt: null,
    });
    expect(await repo.removalOf(other, v)).toBeUndefined();
    const shown = await s.video({ uploader_id: uploader });
    await removal(shown);
    expect(await repo.removalOf(uploader, shown)).toBeUndefined();

    const row = {
      kind: 'removal' as const,
      removal_id: latest,
      video_id: v,
      member_id: uploader,
      ground: 'copyright',
      statement: 'It is mine',
      created_at: NOW + 10,
    };
    const id = await repo.insert(row);
    expect(id).toEqual(expect.any(Number));
    expect(await repo.insert({ ...row, statement: 'again' })).toBeNull();
    expect(await repo.removalOf(uploader, v)).toMatchObject({ appealStatus: 'open', appealedAt: NOW + 10 });
    expect(await repo.countOpen()).toBe(1);
    expect(await repo.open(id!)).toEqual({
      id,
      kind: 'removal',
      removalId: latest,
      reportId: null,
      videoId: v,
      memberId: uploader,
      email: null,
      ground: 'copyright',
    });
    expect(await repo.openQueue(10)).toEqual([
      {
        id,
        kind: 'removal',
        videoId: v,
        ground: 'copyright',
        statement: 'It is mine',
        createdAt: NOW + 10,
        email: null,
        memberName: 'up',
        title: expect.any(String),
        dir: expect.any(String),
        statusId: 5,
        mediaPath: 'm/9',
        requestMessage: null,
        requestedAt: null,
        rejectedAt: null,
        removedAt: NOW,
      },
    ]);
    expect(await repo.video(v)).toEqual({ status_id: 5, title: expect.any(String) });
    expect(await repo.video(99_999)).toBeUndefined();

    const decision = { status: 'reversed' as const, actorId: other, now: NOW + 20, note: 'ok' };
    expect(await repo.decide(id!, decision)).toBe(true);
    expect(await repo.decide(id!, { ...decision, status: 'upheld' })).toBe(false);
    expect(await repo.open(id!)).toBeUndefined();
    expect(await repo.countOpen()).toBe(0);
    expect(await repo.openQueue(10)).toEqual([]);
    const decided = await data()
      .db.selectFrom('appeals')
      .select(['status', 'decided_by', 'decided_at', 'decision_note'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(decided).toEqual({
      status: 'reversed',
      decided_by: other,
      decided_at: NOW + 20,
      decision_note: 'ok',
    });
  });

  it('finds a rejected request by its token hash, files its appeal once, and queues it oldest first', async () => {
    const s = seed(data());
    const repo = createAppealsRepository(data());
    const v = await s.video();
    const request = async (status: 'open' | 'dismissed', hash: string) => {
      const id = await insertReport(data(), {
        subject: 'ncii',
        email: 'p@example.test',
        message: 'remove it',
        target_section: 'video',
        target_id: v,
        status,
        resolved_at: status === 'dismissed' ? NOW + 1 : null,
      });
      await data()
        .db.insertInto('removal_requests')
        .values({
          report_id: id,
          kind: 'ncii',
          signature: 'S',
          good_faith_at: NOW,
          content: 'c',
          deadline_at: NOW,
          lang: 'fr',
          appeal_token_hash: hash,
        })
        .execute();
      return id;
    };
    const rejected = await request('dismissed', 'h1');
    await request('open', 'h2');
    expect(await repo.rejectedRequestOf('h1')).toEqual({
      id: rejected,
      subject: 'ncii',
      email: 'p@example.test',
      videoId: v,
      lang: 'fr',
      appealStatus: null,
    });
    expect(await repo.rejectedRequestOf('h2')).toBeUndefined();
    expect(await repo.rejectedRequestOf('nope')).toBeUndefined();
    expect(await repo.requestLang(rejected)).toBe('fr');
    expect(await repo.requestLang(99_999)).toBeUndefined();

    const row = {
      kind: 'rejection' as const,
      report_id: rejected,
      video_id: v,
      email: 'p@example.test',
      ground: 'ncii',
      statement: 'Please look again',
      created_at: NOW + 30,
    };
    const later = await repo.insert(row);
    expect(await repo.insert(row)).toBeNull();
    expect(await repo.rejectedRequestOf('h1')).toMatchObject({ appealStatus: 'open' });
    const earlierReport = await request('dismissed', 'h3');
    const earlier = await repo.insert({ ...row, report_id: earlierReport, created_at: NOW + 5 });
    const queue = await repo.openQueue(10);
    expect(queue.map((a) => a.id)).toEqual([earlier, later]);
    expect(queue[1]).toMatchObject({
      kind: 'rejection',
      memberName: null,
      requestMessage: 'remove it',
      requestedAt: NOW,
      rejectedAt: NOW + 1,
      removedAt: null,
    });
    expect(await repo.openQueue(1)).toHaveLength(1);
    expect(await repo.countOpen()).toBe(2);
  });
});
