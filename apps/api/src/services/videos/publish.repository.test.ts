import type { DataLayer } from '@vt/db';
import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createPublishRepository, retagVideo } from './publish.repository';

/** A model, a playlist, a channel and categories 3 (a mask bit) and 70 (join table only) to count videos in. */
async function catalogue({ db }: DataLayer) {
  const s = seed({ db } as DataLayer);
  const uploader = await s.member();
  await db.insertInto('channels').values({ id: 1, dir: 'classics', title: 'Classics' }).execute();
  await db
    .insertInto('categories')
    .values([
      { id: 3, dir: 'cat-3' },
      { id: 70, dir: 'cat-70' },
    ])
    .execute();
  await db
    .insertInto('models')
    .values({ id: 1, dir: 'ann', title: 'Ann', alphabet: 'a', gender: 'straight', created_at: NOW })
    .execute();
  await db
    .insertInto('playlists')
    .values({
      id: 1,
      member_id: uploader,
      title: 'Mine',
      orientation: 'straight',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  const video = async (status_id: number, over: { media_path?: string | null } = {}) => {
    const id = await s.video({
      status_id,
      uploader_id: uploader,
      channel_id: 1,
      gender: 'straight',
      duration_bucket: 2,
      is_hd: 1,
      media_path: 'm/1',
      ...over,
    });
    await db
      .insertInto('video_categories')
      .values([
        { video_id: id, category_id: 3 },
        { video_id: id, category_id: 70 },
      ])
      .execute();
    await db.insertInto('video_models').values({ video_id: id, model_id: 1 }).execute();
    await db
      .insertInto('playlist_videos')
      .values({ playlist_id: 1, video_id: id, position: id, added_at: NOW })
      .execute();
    return id;
  };
  /** Every maintained count of the catalogue, and the facet totals of the straight HD mid-length listings. */
  const counts = async () => ({
    model: (await db.selectFrom('models').select('videos_count').executeTakeFirstOrThrow()).videos_count,
    playlist: (await db.selectFrom('playlists').select('videos_count').executeTakeFirstOrThrow())
      .videos_count,
    channel: (await db.selectFrom('channels').select('videos_count').executeTakeFirstOrThrow()).videos_count,
    categories: (
      await db.selectFrom('categories').select(['id', 'total_videos']).orderBy('id').execute()
    ).map((c) => c.total_videos),
    member: (
      await db
        .selectFrom('members')
        .select('videos_count')
        .where('id', '=', uploader)
        .executeTakeFirstOrThrow()
    ).videos_count,
    facets: (
      await db
        .selectFrom('listing_facets')
        .select(['category_id', 'videos'])
        .where('gender', '=', 'straight')
        .orderBy('category_id')
        .execute()
    ).map((f) => [f.category_id, f.videos]),
  });
  return { s, uploader, video, counts };
}

onBothDatabases('the publish repository', (data) => {
  it('approves pending processed videos of uploaders in good standing, with mask, facets and counts in step', async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const pending = await c.video(2);
    const unprocessed = await c.video(2, { media_path: null });
    const listed = await c.video(1);
    expect(await repo.approve([pending, unprocessed, listed], NOW + 5)).toEqual([pending]);
    const row = await data()
      .db.selectFrom('videos')
      .select(['status_id', 'post_date', 'category_mask'])
      .where('id', '=', pending)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_id: 1, post_date: NOW + 5, category_mask: 8 });
    await repo.recountUploaders([c.uploader]);
    // Counts are recounted from the rows (the listed video too); facets move by the approved video only.
    expect(await c.counts()).toEqual({
      model: 2,
      playlist: 2,
      channel: 2,
      categories: [2, 2],
      member: 2,
      facets: [
        [0, 1],
        [3, 1],
        [70, 1],
      ],
    });
    await data()
      .db.updateTable('members')
      .set({ status: 'suspended' })
      .where('id', '=', c.uploader)
      .execute();
    const another = await c.video(2);
    expect(await repo.approve([another], NOW)).toEqual([]);
  });

  it("runs the caller's writes in the transaction of the change: they see its ids, and their failure undoes it", async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const v = await c.video(2);
    const before = await c.counts();
    await expect(
      repo.approve([v], NOW, async (layer, done) => {
        expect(done).toEqual([v]);
        await layer.db
          .insertInto('audit_log')
          .values({ action: 'video.approve', target_type: 'video', created_at: NOW })
          .execute();
        throw new Error('notification failed');
      }),
    ).rejects.toThrow('notification failed');
    expect(await c.s.statusOf(v)).toBe(2);
    expect(await c.counts()).toEqual(before);
    expect(await c.s.auditActions()).toEqual([]);
    const seen: number[][] = [];
    const then = async (layer: Pick<DataLayer, 'db'>, done: number[]) => {
      seen.push(done);
      await layer.db
        .insertInto('audit_log')
        .values({ action: 'decided', target_type: 'video', created_at: NOW })
        .execute();
    };
    expect(await repo.approve([v], NOW, then)).toEqual([v]);
    expect(await repo.reject([await c.video(2)], 'no', then)).toHaveLength(1);
    expect(await c.s.auditActions()).toEqual(['decided', 'decided']);
    expect(seen[0]).toEqual([v]);
  });

  it('rejects pending or failed videos only, and takes down and restores with the counts following', async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const a = await c.video(2);
    const failed = await c.video(6);
    expect(await repo.reject([a, failed], 'blurry')).toEqual([a, failed]);
    expect(await repo.reject([a], 'again')).toEqual([]);
    const v = await c.video(2);
    await repo.approve([v], NOW);
    expect(await repo.takeDown([v, a])).toEqual([v, a]);
    expect(await repo.takeDown([v])).toEqual([]);
    expect(await c.s.statusOf(v)).toBe(5);
    const gone = await c.counts();
    expect([gone.model, gone.playlist, gone.channel, gone.categories]).toEqual([0, 0, 0, [0, 0]]);
    // Never below zero, though the facets had this video once only.
    expect(gone.facets).toEqual([
      [0, 0],
      [3, 0],
      [70, 0],
    ]);
    expect(await repo.restore([v, failed], 1)).toEqual([v]);
    const back = await c.counts();
    expect([back.model, back.categories, back.facets]).toEqual([
      1,
      [1, 1],
      [
        [0, 1],
        [3, 1],
        [70, 1],
      ],
    ]);
  });

  it('approves and rejects albums with photos, pending only', async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const album = async (photos_amount: number) =>
      (
        await data()
          .db.insertInto('albums')
          .values({
            dir: `album-${photos_amount}-${Math.random()}`,
            title: 'A',
            status_id: 2,
            uploader_id: c.uploader,
            photos_amount,
            added_at: NOW,
            post_date: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [full, empty, other] = [await album(3), await album(0), await album(2)];
    expect(await repo.approveAlbums([full, empty], NOW + 9)).toEqual([full]);
    expect(await repo.rejectAlbums([full, empty, other], 'no')).toEqual([empty, other]);
    const rows = await data()
      .db.selectFrom('albums')
      .select(['id', 'status_id', 'post_date'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: full, status_id: 1, post_date: NOW + 9 },
      { id: empty, status_id: 4, post_date: NOW },
      { id: other, status_id: 4, post_date: NOW },
    ]);
  });

  it("hides a suspended uploader's listed content and brings it back, with the counts", async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const v = await c.video(2);
    await repo.approve([v], NOW);
    const pending = await c.video(2);
    expect(await repo.setUploaderContent(c.uploader, 1, 7)).toEqual({ videos: [v], albums: [] });
    expect(await c.s.statusOf(pending)).toBe(2);
    expect((await c.counts()).model).toBe(0);
    expect(await repo.setUploaderContent(c.uploader, 7, 1)).toEqual({ videos: [v], albums: [] });
    expect((await c.counts()).model).toBe(1);
  });

  it('names uploaders and originals', async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const v = await c.video(2);
    const w = await c.video(2);
    const anon = await c.s.video({ status_id: 2 });
    expect(await repo.uploadersOf([v, w, anon])).toEqual([c.uploader]);
    expect(await repo.uploadersOf([])).toEqual([]);
    await data()
      .db.insertInto('uploads')
      .values({
        id: 'up-1',
        member_id: c.uploader,
        kind: 'video',
        filename: 'a.mp4',
        size: 1,
        video_id: v,
        created_at: NOW,
        updated_at: NOW,
        expires_at: NOW,
      })
      .execute();
    expect(await repo.originalsOf(v)).toEqual(['up-1']);
    expect(await repo.originalsOf(w)).toEqual([]);
  });

  it("retags a video in the caller's transaction, moving its facets, mask and counts; an unlisted one keeps the counts", async () => {
    const c = await catalogue(data());
    const { db, dialect } = data();
    const repo = createPublishRepository(data());
    await db.insertInto('categories').values({ id: 5, dir: 'cat-5' }).execute();
    await db
      .insertInto('models')
      .values({ id: 2, dir: 'bea', title: 'Bea', alphabet: 'b', gender: 'straight', created_at: NOW })
      .execute();
    const v = await c.video(2);
    await repo.approve([v], NOW);
    await db
      .transaction()
      .execute((trx) => retagVideo(trx, dialect, v, { categoryIds: [5, 5], modelIds: [2] }));
    const links = async (id: number) => ({
      categories: (
        await db
          .selectFrom('video_categories')
          .select('category_id')
          .where('video_id', '=', id)
          .orderBy('category_id')
          .execute()
      ).map((r) => r.category_id),
      models: (
        await db
          .selectFrom('video_models')
          .select('model_id')
          .where('video_id', '=', id)
          .orderBy('model_id')
          .execute()
      ).map((r) => r.model_id),
      mask: (
        await db.selectFrom('videos').select('category_mask').where('id', '=', id).executeTakeFirstOrThrow()
      ).category_mask,
    });
    expect(await links(v)).toEqual({ categories: [5], models: [2], mask: 32 });
    const models = await db.selectFrom('models').select(['id', 'videos_count']).orderBy('id').execute();
    expect(models).toEqual([
      { id: 1, videos_count: 0 },
      { id: 2, videos_count: 1 },
    ]);
    const after = await c.counts();
    expect([after.categories, after.facets]).toEqual([
      [0, 1, 0],
      [
        [0, 1],
        [3, 0],
        [5, 1],
        [70, 0],
      ],
    ]);
    // Only the links it is given change; a pending video's counts and facets stay.
    const pending = await c.video(2);
    await db.transaction().execute((trx) => retagVideo(trx, dialect, pending, { modelIds: [] }));
    expect(await links(pending)).toEqual({ categories: [3, 70], models: [], mask: 0 });
    expect(await c.counts()).toEqual(after);
  });

  it('says whether a video or album is visible and whose it is', async () => {
    const c = await catalogue(data());
    const repo = createPublishRepository(data());
    const v = await c.video(8);
    expect(await repo.visibilityOf('video', v)).toEqual({ status_id: 8, uploader_id: c.uploader });
    expect(await repo.visibilityOf('album', 99_999)).toBeUndefined();
  });
});
