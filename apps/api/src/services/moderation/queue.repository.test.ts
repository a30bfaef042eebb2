import { readJson } from '@vt/db';
import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createQueueRepository } from './queue.repository';

onBothDatabases('the moderation queue repository', (data) => {
  it("names a decision's videos and albums with their state and uploader, unknown ids left out", async () => {
    const s = seed(data());
    const repo = createQueueRepository(data());
    const uploader = await s.member();
    const v = await s.video({ status_id: 2, uploader_id: uploader, title: 'Beach Reel', dir: 'beach-reel' });
    const anon = await s.video({ status_id: 6 });
    const album = (
      await data()
        .db.insertInto('albums')
        .values({
          dir: 'summer',
          title: 'Summer',
          status_id: 2,
          uploader_id: uploader,
          added_at: NOW,
          post_date: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const videos = await repo.targets('videos', [v, anon, 99_999]);
    expect([...videos.keys()].sort((a, b) => a - b)).toEqual([v, anon]);
    expect(videos.get(v)).toEqual({
      id: v,
      title: 'Beach Reel',
      dir: 'beach-reel',
      status_id: 2,
      uploader_id: uploader,
    });
    expect(videos.get(anon)?.uploader_id).toBeNull();
    expect([...(await repo.targets('albums', [album])).values()]).toEqual([
      { id: album, title: 'Summer', dir: 'summer', status_id: 2, uploader_id: uploader },
    ]);
    expect((await repo.targets('videos', [])).size).toBe(0);
  });

  it('lists queued uploads, videos, albums and edits oldest first, with the latest ingest job and the badge count', async () => {
    const s = seed(data());
    const { db } = data();
    const repo = createQueueRepository(data());
    const uploader = await s.member({ name: 'ann' });
    const upload = (id: string, video_id: number | null, created_at: number) =>
      db
        .insertInto('uploads')
        .values({
          id,
          member_id: uploader,
          kind: 'video',
          filename: `${id}.mp4`,
          size: 1,
          status: 'processing',
          meta: JSON.stringify({ title: 'Early' }),
          video_id,
          created_at,
          updated_at: created_at,
          expires_at: created_at,
        })
        .execute();
    const job = (key: string, progress: number, stage: string, status: 'done' | 'running') =>
      db
        .insertInto('jobs')
        .values({
          name: 'ingest',
          payload: '{}',
          unique_key: key,
          run_at: NOW,
          progress,
          stage,
          status,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
    await upload('up-early', null, NOW + 2);
    // An earlier job is done; the latest one is shown.
    await job('ingest:up-early', 0.1, 'hash', 'done');
    await job('ingest:up-early', 0.5, 'probe', 'running');
    const pending = await s.video({
      status_id: 3,
      uploader_id: uploader,
      added_at: NOW + 1,
      title: 'Beach Reel',
    });
    await upload('up-video', pending, NOW);
    const older = await s.video({ status_id: 2, added_at: NOW });
    await s.video({ status_id: 1 });
    expect(await repo.early(10)).toEqual([
      expect.objectContaining({
        id: 'up-early',
        uploader_name: 'ann',
        progress: 0.5,
        stage: 'probe',
        error: null,
      }),
    ]);
    expect(readJson((await repo.early(10))[0]?.meta)).toEqual({ title: 'Early' });
    const videos = await repo.videos(10);
    expect(videos.map((v) => [v.id, v.upload_id, v.uploader_name])).toEqual([
      [older, null, null],
      [pending, 'up-video', 'ann'],
    ]);
    expect((await repo.videos(1)).map((v) => v.id)).toEqual([older]);

    const album = (
      await db
        .insertInto('albums')
        .values({
          dir: 'a',
          title: 'A',
          status_id: 2,
          uploader_id: uploader,
          photos_amount: 2,
          added_at: NOW,
          post_date: NOW + 5,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('photos')
      .values([
        { album_id: album, position: 1, path: 'old.jpg', width: 1, height: 1, created_at: NOW },
        { album_id: album, position: 2, path: 'new.jpg', width: 1, height: 1, created_at: NOW + 9 },
      ])
      .execute();
    expect((await repo.albums(10)).map((a) => [a.id, a.uploader_name, a.post_date])).toEqual([
      [album, 'ann', NOW + 5],
    ]);
    expect(await repo.albumPhotos(album, NOW + 5)).toEqual(['new.jpg', 'old.jpg']);
    expect(await repo.albumPhotos(album, Number.MAX_SAFE_INTEGER)).toEqual(['old.jpg', 'new.jpg']);

    const published = await s.video({ status_id: 1, uploader_id: uploader });
    await db
      .insertInto('video_revisions')
      .values([
        { video_id: published, fields: JSON.stringify({ title: 'New' }), created_at: NOW },
        { video_id: older, fields: JSON.stringify({ title: 'Not published' }), created_at: NOW },
      ])
      .execute();
    const edits = await repo.edits(10);
    expect(edits.map((e) => [e.video_id, e.uploader_name])).toEqual([[published, 'ann']]);
    expect(readJson(edits[0]?.fields)).toEqual({ title: 'New' });
    // 2 videos + 1 upload + 1 album + 1 edit.
    expect(await repo.count()).toBe(5);
    await db
      .updateTable('videos')
      .set({ media_path: 'm/1', timeline_count: 4 })
      .where('id', '=', pending)
      .execute();
    expect(await repo.timelineOf(pending)).toEqual({ media_path: 'm/1', timeline_count: 4 });
    expect(await repo.timelineOf(published)).toBeUndefined();
  });

  it("reads an uploader's history, duplicate candidates and an edit's category and model names", async () => {
    const s = seed(data());
    const { db } = data();
    const repo = createQueueRepository(data());
    const uploader = await s.member();
    const shape = {
      duration_sec: 100,
      width: 640,
      height: 480,
      gender: 'straight' as const,
      uploader_id: uploader,
    };
    const v = await s.video({ ...shape, status_id: 2, content_hash: 'h1' });
    const sameBytes = await s.video({ status_id: 4, content_hash: 'h1', uploader_id: uploader });
    const listed = await s.video({ ...shape, status_id: 1 });
    const otherOrientation = await s.video({ ...shape, status_id: 1, gender: 'gay' });
    const queued = await s.video({ ...shape, status_id: 3, duration_sec: 101 });
    await s.video({ ...shape, status_id: 5 });
    const history = await repo.history(uploader);
    expect(history.map((h) => [h.status_id, Number(h.n)]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect((await repo.sameFile('h1', v)).map((r) => r.id)).toEqual([sameBytes]);
    const row = { id: v, gender: 'straight' as const, width: 640, height: 480 };
    expect((await repo.sameShape(row, 99, 101)).map((r) => r.id)).toEqual([listed, queued]);
    expect((await repo.close(row, 95, 105)).map((r) => r.id)).toEqual([listed, queued]);
    expect((await repo.close(row, 95, 105)).map((r) => r.id)).not.toContain(otherOrientation);

    await db
      .insertInto('categories')
      .values([
        { id: 1, dir: 'beach' },
        { id: 2, dir: 'amateur' },
      ])
      .execute();
    await db
      .insertInto('models')
      .values([
        { id: 1, dir: 'zoe', title: 'Zoe', alphabet: 'z', gender: 'straight', created_at: NOW },
        { id: 2, dir: 'ann', title: 'Ann', alphabet: 'a', gender: 'straight', created_at: NOW },
      ])
      .execute();
    await db
      .insertInto('video_categories')
      .values([
        { video_id: v, category_id: 1 },
        { video_id: v, category_id: 2 },
      ])
      .execute();
    await db.insertInto('video_models').values({ video_id: v, model_id: 1 }).execute();
    expect(await repo.categoryDirsOf(v)).toEqual(['amateur', 'beach']);
    expect(await repo.categoryDirsIn(['beach', 'nope', 'amateur'])).toEqual(['amateur', 'beach']);
    expect(await repo.categoryDirsIn([])).toEqual([]);
    expect(await repo.modelTitlesOf(v)).toEqual(['Zoe']);
    expect(await repo.modelTitlesIn([1, 2, 3])).toEqual(['Ann', 'Zoe']);
  });
});
