import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createOwnVideosRepository } from './own-videos.repository';

onBothDatabases('the own videos repository', (data) => {
  async function setup() {
    const { db } = data();
    const s = seed(data());
    const member = await s.member();
    await db
      .insertInto('categories')
      .values([
        { id: 1, dir: 'beach' },
        { id: 2, dir: 'archive' },
      ])
      .execute();
    const model = (id: number, title: string, videos_count: number) => ({
      id,
      dir: title.toLowerCase().replace(/ /g, '-'),
      title,
      alphabet: title[0]!.toLowerCase(),
      videos_count,
      created_at: NOW,
    });
    await db
      .insertInto('models')
      .values([
        model(1, 'Ann Lee', 1),
        model(2, 'Joanna Ray', 9),
        model(3, 'Bea Ann', 3),
        model(4, 'Cleo', 0),
      ])
      .execute();
    const video = await s.video({ uploader_id: member, status_id: 2, description: 'D' });
    await db
      .insertInto('video_categories')
      .values([
        { video_id: video, category_id: 1 },
        { video_id: video, category_id: 2 },
      ])
      .execute();
    await db
      .insertInto('video_models')
      .values([
        { video_id: video, model_id: 3 },
        { video_id: video, model_id: 1 },
      ])
      .execute();
    return { s, member, video, repo: createOwnVideosRepository(data()) };
  }

  it("reads a member's own video (any for staff) unless deleted or quarantined, with its links", async () => {
    const { s, member, video, repo } = await setup();
    const other = await s.member();
    expect(await repo.own(video, member, false)).toEqual({
      id: video,
      dir: expect.any(String),
      title: expect.any(String),
      description: 'D',
      status_id: 2,
      media_path: null,
      uploader_id: member,
    });
    expect(await repo.own(video, other, false)).toBeUndefined();
    expect((await repo.own(video, other, true))?.id).toBe(video);
    expect(await repo.categoryDirs(video)).toEqual(['archive', 'beach']);
    expect((await repo.modelsOf(video)).map((m) => m.title)).toEqual(['Ann Lee', 'Bea Ann']);
    await data().db.updateTable('videos').set({ status_id: 8 }).where('id', '=', video).execute();
    expect(await repo.own(video, other, true)).toBeUndefined();
  });

  it('checks the catalogue and searches models, names starting with the text first, then the busiest', async () => {
    const { repo } = await setup();
    expect(await repo.knownCategories(['beach', 'nope'])).toEqual(['beach']);
    expect(await repo.knownCategories([])).toEqual([]);
    expect(await repo.modelsByIds([4, 1, 99])).toEqual([
      { id: 1, dir: 'ann-lee', title: 'Ann Lee' },
      { id: 4, dir: 'cleo', title: 'Cleo' },
    ]);
    expect(await repo.modelsByIds([])).toEqual([]);
    expect((await repo.searchModels('ann', 'ann')).map((m) => m.id)).toEqual([1, 2, 3]);
    expect((await repo.searchModels('ann lee', 'ann-lee')).map((m) => m.id)).toEqual([1]);
    expect(await repo.searchModels('zz', 'zz')).toEqual([]);
  });

  it("names and forgets a video's uploads", async () => {
    const { member, video, repo } = await setup();
    await data()
      .db.insertInto('uploads')
      .values({
        id: 'up-1',
        member_id: member,
        kind: 'video',
        filename: 'a.mp4',
        size: 1,
        video_id: video,
        created_at: NOW,
        updated_at: NOW,
        expires_at: NOW,
      })
      .execute();
    expect(await repo.uploadsOf(video)).toEqual(['up-1']);
    await repo.forgetUploads(video);
    expect(await repo.uploadsOf(video)).toEqual([]);
  });
});
