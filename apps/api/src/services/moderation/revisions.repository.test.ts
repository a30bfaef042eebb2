import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createRevisionsRepository } from './revisions.repository';
import { insertCategories } from './revisions-test-rows';

onBothDatabases('the revisions repository', (data) => {
  /** A member's video in category `cat-3` with model 1, and a category `cat-5` and model 2 to move it to. */
  async function setup(status_id = 1) {
    const { db } = data();
    const s = seed(data());
    const member = await s.member();
    await insertCategories(data(), [3, 5]);
    await db
      .insertInto('models')
      .values([1, 2].map((id) => ({ id, dir: `m${id}`, title: `M${id}`, alphabet: 'm', created_at: NOW })))
      .execute();
    const video = await s.video({
      status_id,
      uploader_id: member,
      description: 'D',
      width: 640,
      height: 360,
    });
    await db.insertInto('video_categories').values({ video_id: video, category_id: 3 }).execute();
    await db.insertInto('video_models').values({ video_id: video, model_id: 1 }).execute();
    return { s, member, video, repo: createRevisionsRepository(data()) };
  }

  it("reads the member's own video unless deleted, and its links", async () => {
    const { s, member, video, repo } = await setup();
    expect(await repo.ownVideo(video, member)).toEqual({
      id: video,
      title: expect.any(String),
      description: 'D',
      status_id: 1,
      media_path: null,
      width: 640,
      height: 360,
    });
    expect(await repo.ownVideo(video, await s.member())).toBeUndefined();
    expect(await repo.tagsOf(video)).toEqual({ categories: ['cat-3'], models: [1] });
    await data().db.updateTable('videos').set({ status_id: 5 }).where('id', '=', video).execute();
    expect(await repo.ownVideo(video, member)).toBeUndefined();
  });

  it('keeps one pending revision per video: inserted, replaced, listed, decided once, dropped', async () => {
    const { s, member, video, repo } = await setup();
    expect(await repo.pendingOf(video)).toBeUndefined();
    await repo.transaction(async (tx) => {
      expect(await tx.ownVideo(video, member)).toBeDefined();
      await tx.insertPending(video, member, { title: 'New' }, null, NOW);
    });
    const first = await repo.pendingOf(video);
    expect(first).toEqual({ id: expect.any(Number), fields: { title: 'New' }, previewPath: null });
    await repo.replacePending(first!.id, member, { description: 'E', models: [2] }, 'revisions/x', NOW + 1);
    expect(await repo.pendingOf(video)).toEqual({
      id: first!.id,
      fields: { description: 'E', models: [2] },
      previewPath: 'revisions/x',
    });
    expect(await repo.pendingVideoIds(member)).toEqual([video]);
    expect(await repo.pendingVideoIds(await s.member())).toEqual([]);
    expect(await repo.previewOf(first!.id)).toBe('revisions/x');
    expect(await repo.pendingById(first!.id)).toEqual({
      video_id: video,
      fields: { description: 'E', models: [2] },
      preview_path: 'revisions/x',
      title: expect.any(String),
      description: 'D',
      dir: expect.any(String),
      media_path: null,
      uploader_id: member,
    });
    expect(await repo.decide(first!.id, { status: 'rejected', actorId: member, now: NOW, note: 'no' })).toBe(
      true,
    );
    expect(await repo.decide(first!.id, { status: 'approved', actorId: member, now: NOW, note: null })).toBe(
      false,
    );
    expect(await repo.pendingById(first!.id)).toBeUndefined();
    expect(await repo.previewOf(first!.id)).toBeUndefined();
    expect(await repo.pendingVideoIds(member)).toEqual([]);
    await repo.insertPending(video, member, { title: 'Again' }, null, NOW);
    const again = await repo.pendingOf(video);
    await expect(repo.insertPending(video, member, { title: 'Twice' }, null, NOW)).rejects.toThrow();
    await repo.dropPending(again!.id);
    expect(await repo.pendingOf(video)).toBeUndefined();
    const decided = await data().db.selectFrom('video_revisions').select(['status', 'note']).execute();
    expect(decided).toEqual([{ status: 'rejected', note: 'no' }]);
  });

  it("a pending revision of a video visitors have not seen is not the moderators' to decide", async () => {
    const { member, video, repo } = await setup(2);
    await repo.insertPending(video, member, { title: 'New' }, null, NOW);
    expect(await repo.pendingById((await repo.pendingOf(video))!.id)).toBeUndefined();
  });

  it('applies fields to the video in one transaction with its audit entry; a failure undoes both', async () => {
    const { s, video, repo } = await setup();
    const { db } = data();
    const titleOf = async () =>
      await db
        .selectFrom('videos')
        .select(['title', 'description'])
        .where('id', '=', video)
        .executeTakeFirstOrThrow();
    const entry = { action: 'video_edit.approve', target_type: 'video', created_at: NOW };
    await expect(
      repo.transaction(async (tx) => {
        await tx.applyFields(video, { title: 'Lost', categories: ['cat-5'] });
        await tx.audit(entry);
        throw new Error('notification failed');
      }),
    ).rejects.toThrow('notification failed');
    expect((await titleOf()).title).not.toBe('Lost');
    expect(await s.auditActions()).toEqual([]);
    await repo.transaction(async (tx) => {
      await tx.applyFields(video, { title: 'New', categories: ['cat-5', 'unknown'], models: [2] });
      await tx.audit(entry);
    });
    expect(await titleOf()).toEqual({ title: 'New', description: 'D' });
    expect(await repo.tagsOf(video)).toEqual({ categories: ['cat-5'], models: [2] });
    const counts = await db.selectFrom('categories').select(['id', 'total_videos']).orderBy('id').execute();
    expect(counts).toEqual([
      { id: 3, total_videos: 0 },
      { id: 5, total_videos: 1 },
    ]);
    expect(await s.auditActions()).toEqual(['video_edit.approve']);
    await repo.applyFields(video, { description: 'F', categories: [] });
    expect(await titleOf()).toEqual({ title: 'New', description: 'F' });
    expect(await repo.tagsOf(video)).toEqual({ categories: [], models: [2] });
  });
});
