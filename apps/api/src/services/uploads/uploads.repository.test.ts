import type { DataLayer } from '@vt/db';
import { contractTargets } from '@vt/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VideoUploadMeta } from './upload-rules';
import { createUploadsRepository, type LadderColumns, type UploadsRepository } from './uploads.repository';

const NOW = 1_700_000_000;
const ID = (n: number) => n.toString(16).padStart(32, '0');
const META: VideoUploadMeta = {
  filename: 'reel.mp4',
  title: 'A summer reel',
  description: 'Home movie',
  exclusive: false,
  categories: ['beach'],
  models: [],
  preview: 'a'.repeat(32),
};
const LADDER: LadderColumns = {
  duration_sec: 700,
  duration_bucket: 2,
  width: 640,
  height: 360,
  is_hd: 0,
  timeline_count: 10,
  timeline_interval: 5,
};

describe.each(contractTargets())('the uploads repository on $name', (target) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let repo: UploadsRepository;
  let member: number;

  beforeEach(async (ctx) => {
    if (target.skip) ctx.skip();
    ({ layer, close } = await target.open());
    repo = createUploadsRepository(layer);
    ({ id: member } = await layer.db
      .insertInto('members')
      .values({ name: 'Uploader', email: 'uploader@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterEach(async () => {
    await close?.();
  });

  const begin = (n: number, over: Partial<Parameters<UploadsRepository['insertIfRoom']>[0]> = {}) =>
    repo.insertIfRoom({
      id: ID(n),
      memberId: member,
      filename: 'reel.mp4',
      size: 5000,
      meta: META,
      now: NOW,
      expiresAt: NOW + 100,
      max: 3,
      ...over,
    });

  const video = async (over: { status_id?: number; content_hash?: string; media_path?: string } = {}) =>
    (
      await layer.db
        .insertInto('videos')
        .values({ dir: 'a-video', title: 'A video', post_date: NOW, added_at: NOW, ...over })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const videoRow = (id: number) =>
    layer.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('begins uploads up to the limit of unexpired ones in progress, and reads one back with its metadata', async () => {
    expect(await begin(1)).toBe(true);
    expect(await begin(2)).toBe(true);
    // One that expired does not count.
    expect(await begin(3, { expiresAt: NOW - 1 })).toBe(true);
    expect(await begin(4)).toBe(true);
    expect(await begin(5)).toBe(false);
    expect(await repo.byId(ID(5))).toBeNull();
    expect(await repo.byId(ID(1))).toMatchObject({
      id: ID(1),
      member_id: member,
      kind: 'video',
      filename: 'reel.mp4',
      size: 5000,
      received: 0,
      status: 'uploading',
      meta: META,
      video_id: null,
      content_hash: null,
      error: null,
      created_at: NOW,
      expires_at: NOW + 100,
    });
  });

  it('never lets concurrent begins of one member past the limit', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => begin(n)));
    expect(results.filter(Boolean)).toHaveLength(3);
    const rows = await layer.db.selectFrom('uploads').select('id').where('member_id', '=', member).execute();
    expect(rows).toHaveLength(3);
  });

  it('touches, completes (once), cancels and expires only uploads still uploading', async () => {
    await begin(1);
    await begin(2);
    await repo.touch(ID(1), 1234, NOW + 5, NOW + 500);
    expect(await repo.byId(ID(1))).toMatchObject({
      received: 1234,
      updated_at: NOW + 5,
      expires_at: NOW + 500,
    });
    expect(await repo.markComplete(ID(1), 'f'.repeat(64), NOW + 6)).toBe(true);
    expect(await repo.markComplete(ID(1), null, NOW + 7)).toBe(false);
    expect(await repo.byId(ID(1))).toMatchObject({
      status: 'complete',
      received: 5000,
      content_hash: 'f'.repeat(64),
      updated_at: NOW + 6,
    });
    // Neither a late touch nor a cancel changes a complete upload.
    await repo.touch(ID(1), 10, NOW + 8, NOW + 800);
    await repo.markExpired(ID(1), NOW + 8);
    expect(await repo.byId(ID(1))).toMatchObject({
      status: 'complete',
      received: 5000,
      expires_at: NOW + 500,
    });

    expect(await repo.expiredIds(NOW + 100)).toEqual([ID(2)]);
    expect(await repo.expiredIds(NOW + 99)).toEqual([]);
    await repo.markExpired(ID(2), NOW + 9);
    expect(await repo.byId(ID(2))).toMatchObject({ status: 'expired', updated_at: NOW + 9 });
    expect(await repo.expiredIds(NOW + 100)).toEqual([]);
  });

  it('lists the metadata of uploads in flight only', async () => {
    await begin(1);
    await begin(2, { meta: { ...META, preview: 'b'.repeat(32) } });
    await begin(3, { meta: { ...META, preview: undefined } });
    await repo.markExpired(ID(2), NOW);
    const metas = await repo.inFlightMeta();
    expect(metas.map((m) => m?.preview ?? null).sort()).toEqual(['a'.repeat(32), null]);
  });

  it("lists a member's uploads newest first with the latest ingest job's progress and the video's state", async () => {
    await begin(1, { now: NOW });
    await begin(2, { now: NOW + 10 });
    const other = (
      await layer.db
        .insertInto('members')
        .values({ name: 'Other', email: 'other@example.test' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await begin(3, { memberId: other });
    const job = (key: string, progress: number, stage: string, status: 'failed' | 'running') =>
      layer.db
        .insertInto('jobs')
        .values({
          name: 'media.ingest',
          payload: '{}',
          unique_key: key,
          progress,
          stage,
          status,
          run_at: NOW,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
    // An attempt that failed, then the one running now.
    await job(`ingest:${ID(1)}`, 0.2, 'hashing', 'failed');
    await job(`ingest:${ID(1)}`, 0.5, 'transcoding', 'running');
    const videoId = await video({ status_id: 4 });
    await layer.db.updateTable('videos').set({ reject_reason: 'blurry' }).where('id', '=', videoId).execute();
    await layer.db.updateTable('uploads').set({ video_id: videoId }).where('id', '=', ID(1)).execute();

    expect(await repo.mine(member)).toEqual([
      {
        id: ID(2),
        filename: 'reel.mp4',
        size: 5000,
        received: 0,
        status: 'uploading',
        error: null,
        videoId: null,
        createdAt: NOW + 10,
        progress: null,
        stage: null,
        videoStatus: null,
        rejectReason: null,
        videoDir: null,
        videoTitle: null,
      },
      {
        id: ID(1),
        filename: 'reel.mp4',
        size: 5000,
        received: 0,
        status: 'uploading',
        error: null,
        videoId,
        createdAt: NOW,
        progress: 0.5,
        stage: 'transcoding',
        videoStatus: 4,
        rejectReason: 'blurry',
        videoDir: 'a-video',
        videoTitle: 'A video',
      },
    ]);
  });

  it('records a content hash unless a live video or another upload in processing has it', async () => {
    const hash = 'c'.repeat(64);
    await begin(1);
    await begin(2);
    await repo.markProcessing(ID(1), NOW + 1);
    expect(await repo.byId(ID(1))).toMatchObject({ status: 'processing', updated_at: NOW + 1 });
    expect(await repo.recordHashUnlessDuplicate(ID(1), hash, null)).toBe(true);
    expect((await repo.byId(ID(1)))?.content_hash).toBe(hash);
    // Upload 1 is processing with the hash: upload 2 is a duplicate.
    await repo.markProcessing(ID(2), NOW + 1);
    expect(await repo.recordHashUnlessDuplicate(ID(2), hash, null)).toBe(false);
    expect((await repo.byId(ID(2)))?.content_hash).toBeNull();
    // A live video with the hash makes it a duplicate, unless it is the upload's own video or it is gone.
    await repo.markFailed(ID(1), 'too_short', NOW + 2);
    const live = await video({ status_id: 2, content_hash: hash });
    expect(await repo.recordHashUnlessDuplicate(ID(2), hash, null)).toBe(false);
    expect(await repo.recordHashUnlessDuplicate(ID(2), hash, live)).toBe(true);
    await layer.db.updateTable('videos').set({ status_id: 5 }).where('id', '=', live).execute();
    expect(await repo.recordHashUnlessDuplicate(ID(2), hash, null)).toBe(true);
  });

  it('creates the pending video with its known categories and models and points the upload at it, in one go', async () => {
    await begin(1);
    const beach = (
      await layer.db
        .insertInto('categories')
        .values({ dir: 'beach' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const model = (
      await layer.db
        .insertInto('models')
        .values({ dir: 'jane-roe', title: 'Jane Roe', alphabet: 'j', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const videoId = await repo.createVideo({
      uploadId: ID(1),
      uploaderId: member,
      dir: 'a-summer-reel',
      title: 'A summer reel',
      description: 'Home movie',
      contentHash: 'd'.repeat(64),
      durationSec: 700,
      categories: ['beach', 'no-such-category'],
      models: ['jane-roe', 'nobody'],
      now: NOW,
    });
    expect(await videoRow(videoId)).toMatchObject({
      dir: 'a-summer-reel',
      title: 'A summer reel',
      description: 'Home movie',
      status_id: 3,
      gender: 'straight',
      post_date: NOW,
      added_at: NOW,
      uploader_id: member,
      content_hash: 'd'.repeat(64),
      duration_sec: 700,
    });
    expect(await repo.videoIdOf(ID(1))).toBe(videoId);
    expect(await repo.videoIdOf(ID(9))).toBeNull();
    expect(
      await layer.db.selectFrom('video_categories').selectAll().where('video_id', '=', videoId).execute(),
    ).toEqual([{ video_id: videoId, category_id: beach }]);
    expect(
      await layer.db.selectFrom('video_models').selectAll().where('video_id', '=', videoId).execute(),
    ).toEqual([{ video_id: videoId, model_id: model }]);
    // Nothing named: no links.
    await begin(2);
    const bare = await repo.createVideo({
      uploadId: ID(2),
      uploaderId: member,
      dir: 'bare',
      title: 'Bare',
      description: '',
      contentHash: 'e'.repeat(64),
      durationSec: 400,
      categories: [],
      models: [],
      now: NOW,
    });
    expect(
      await layer.db.selectFrom('video_categories').selectAll().where('video_id', '=', bare).execute(),
    ).toEqual([]);
  });

  it('fails an upload, and its video unless quarantined', async () => {
    await begin(1);
    await begin(2);
    await begin(3);
    const pending = await video({ status_id: 3 });
    const quarantined = await video({ status_id: 8 });
    await repo.markFailed(ID(1), 'corrupted_file', NOW + 3);
    await repo.markFailed(ID(2), 'processing_timeout', NOW + 3, pending);
    await repo.markFailed(ID(3), 'processing_timeout', NOW + 3, quarantined);
    expect(await repo.byId(ID(1))).toMatchObject({
      status: 'failed',
      error: 'corrupted_file',
      updated_at: NOW + 3,
    });
    expect(await repo.byId(ID(2))).toMatchObject({ status: 'failed', error: 'processing_timeout' });
    expect((await videoRow(pending)).status_id).toBe(6);
    expect((await videoRow(quarantined)).status_id).toBe(8);
  });

  it('finishes an ingest: the ladder and status on a processing or quarantined video, the upload done', async () => {
    await begin(1);
    await begin(2);
    const processing = await video({ status_id: 3 });
    const decided = await video({ status_id: 5 });
    await repo.finishIngest({
      uploadId: ID(1),
      videoId: processing,
      mediaPath: `uploads/${processing}`,
      ladder: LADDER,
      statusId: 2,
      now: NOW + 4,
    });
    expect(await videoRow(processing)).toMatchObject({
      ...LADDER,
      media_path: `uploads/${processing}`,
      status_id: 2,
    });
    expect(await repo.byId(ID(1))).toMatchObject({ status: 'done', updated_at: NOW + 4 });
    // A video deleted meanwhile keeps its state.
    await repo.finishIngest({
      uploadId: ID(2),
      videoId: decided,
      mediaPath: `uploads/${decided}`,
      ladder: LADDER,
      statusId: 2,
      now: NOW + 4,
    });
    expect(await videoRow(decided)).toMatchObject({ status_id: 5, media_path: null });
  });

  it("finds a video's newest upload", async () => {
    const videoId = await video();
    expect(await repo.latestOfVideo(videoId)).toBeNull();
    await begin(1, { now: NOW });
    await begin(2, { now: NOW + 1, meta: { ...META, preview: undefined } });
    await layer.db
      .updateTable('uploads')
      .set({ video_id: videoId })
      .where('id', 'in', [ID(1), ID(2)])
      .execute();
    expect(await repo.latestOfVideo(videoId)).toEqual({
      id: ID(2),
      meta: { ...META, preview: undefined },
      memberId: member,
    });
  });

  it('reads a pending media path, and swaps a restored ladder only while the video is still pending', async () => {
    const videoId = await video({ status_id: 2, media_path: 'uploads/1' });
    expect(await repo.pendingMediaPath(videoId)).toBe('uploads/1');
    let swaps = 0;
    expect(await repo.applyRestoredLadder(videoId, 'uploads/1', LADDER, () => swaps++)).toBe(true);
    expect(swaps).toBe(1);
    expect(await videoRow(videoId)).toMatchObject(LADDER);

    // A failing swap leaves the row as it was.
    const other = { ...LADDER, width: 320, height: 240 };
    await expect(
      repo.applyRestoredLadder(videoId, 'uploads/1', other, () => {
        throw new Error('rename failed');
      }),
    ).rejects.toThrow('rename failed');
    expect(await videoRow(videoId)).toMatchObject({ width: 640, height: 360 });

    // Decided meanwhile: nothing swapped, nothing written.
    await layer.db.updateTable('videos').set({ status_id: 1 }).where('id', '=', videoId).execute();
    expect(await repo.pendingMediaPath(videoId)).toBeNull();
    expect(await repo.applyRestoredLadder(videoId, 'uploads/1', other, () => swaps++)).toBe(false);
    expect(swaps).toBe(1);
    expect(await videoRow(videoId)).toMatchObject({ width: 640 });
  });

  it('tells a deleted video, and forgets its media path only while it is unchanged', async () => {
    const videoId = await video({ status_id: 5, media_path: 'uploads/7' });
    const live = await video({ status_id: 1 });
    expect(await repo.isDeleted(videoId)).toBe(true);
    expect(await repo.isDeleted(live)).toBe(false);
    await repo.forgetMediaPath(videoId, 'uploads/other');
    expect((await videoRow(videoId)).media_path).toBe('uploads/7');
    await repo.forgetMediaPath(videoId, 'uploads/7');
    expect((await videoRow(videoId)).media_path).toBeNull();
  });
});
