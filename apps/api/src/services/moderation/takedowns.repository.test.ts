import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { insertReport } from './moderation-test-rows';
import { createTakedownsRepository } from './takedowns.repository';

onBothDatabases('the takedowns repository', (data) => {
  const report = (target_id: number | null) =>
    insertReport(data(), { target_section: target_id === null ? null : 'video', target_id });
  const claim = (over: Partial<Parameters<ReturnType<typeof createTakedownsRepository>['insert']>[0]>) => ({
    claimant: 'Other',
    claimantEmail: 'o@example.test',
    work: 'W',
    urls: [],
    videoIds: [],
    reportId: null,
    createdBy: 0,
    now: NOW + 1,
    ...over,
  });

  it('reads the named videos, records a claim, resolves its reports, lists claims newest first', async () => {
    const s = seed(data());
    const repo = createTakedownsRepository(data());
    const mod = await s.member({ name: 'mod' });
    const a = await s.video({ uploader_id: mod });
    const b = await s.video({ status_id: 5 });
    expect(await repo.videos([])).toEqual([]);
    expect(await repo.videos([b, a, 99_999])).toEqual([
      { id: a, title: expect.any(String), status_id: 1, uploader_id: mod },
      { id: b, title: expect.any(String), status_id: 5, uploader_id: null },
    ]);
    const claimReport = await report(null);
    const aboutA = await report(a);
    const unrelated = await report(a + 1000);
    const id = await repo.transaction(async (tx) => {
      const id = await tx.insert(
        claim({
          claimant: 'Studio',
          claimantEmail: 'legal@example.test',
          work: 'Film',
          urls: ['https://example.test/videos/1/'],
          videoIds: [a],
          reportId: claimReport,
          createdBy: mod,
          now: NOW,
        }),
      );
      await tx.resolveReports(claimReport, [a], mod, NOW);
      await tx.audit({
        actor_id: mod,
        action: 'dmca.takedown',
        target_type: 'takedown',
        target_id: id,
        reason: null,
        before: null,
        after: null,
        created_at: NOW,
      });
      return id;
    });
    const statuses = await data().db.selectFrom('reports').select(['id', 'status']).orderBy('id').execute();
    expect(statuses).toEqual([
      { id: claimReport, status: 'actioned' },
      { id: aboutA, status: 'actioned' },
      { id: unrelated, status: 'open' },
    ]);
    await repo.resolveReports(null, [], mod, NOW);
    const { now: createdAt, ...other } = claim({ createdBy: mod });
    const second = await repo.insert({ ...other, now: createdAt });
    expect(await repo.page(1)).toEqual([
      { id: second, ...other, createdBy: 'mod', createdAt },
      {
        id,
        claimant: 'Studio',
        claimantEmail: 'legal@example.test',
        work: 'Film',
        urls: ['https://example.test/videos/1/'],
        videoIds: [a],
        reportId: claimReport,
        createdBy: 'mod',
        createdAt: NOW,
      },
    ]);
    expect(await repo.page(2)).toEqual([]);
    expect(await s.auditActions()).toEqual(['dmca.takedown']);
  });
});
