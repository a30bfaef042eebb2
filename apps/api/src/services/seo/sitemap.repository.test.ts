import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createSitemapRepository } from './sitemap.repository';

onBothDatabases('the sitemap repository', (data) => {
  it('reads listed videos by id range in keyset batches, versions under a public canonical left out', async () => {
    const s = seed(data());
    const repo = createSitemapRepository(data());
    const shown = await s.video({
      title: 'Shown',
      description: 'd',
      duration_sec: 60,
      media_path: 'uploads/1',
    });
    const hidden = await s.video({ is_private: 1 });
    await s.video({ status_id: 2 });
    const version = await s.video();
    const orphan = await s.video();
    const hiddenCanonical = await s.video({ status_id: 5 });
    await data()
      .db.insertInto('video_versions')
      .values([
        { video_id: version, canonical_id: shown, mode: 'listed', created_at: NOW },
        { video_id: orphan, canonical_id: hiddenCanonical, mode: 'listed', created_at: NOW },
      ])
      .execute();
    expect(await repo.maxId('videos')).toBe(hiddenCanonical);
    expect(await repo.videos(0, 1_000, 10)).toEqual([
      {
        id: shown,
        dir: expect.any(String),
        title: 'Shown',
        description: 'd',
        duration_sec: 60,
        post_date: NOW,
        video_viewed: 0,
        media_path: 'uploads/1',
      },
      expect.objectContaining({ id: orphan }),
    ]);
    expect((await repo.videos(0, 1_000, 1)).map((v) => v.id)).toEqual([shown]);
    expect((await repo.videos(shown, 1_000, 10)).map((v) => v.id)).toEqual([orphan]);
    expect(await repo.videos(0, shown, 10)).toEqual([]);
    expect(await repo.anyListed('videos', shown, shown + 1)).toBe(true);
    expect(await repo.anyListed('videos', hidden, hidden + 1)).toBe(false);
  });

  it('reads models with videos and public albums by id range', async () => {
    const { db } = data();
    const repo = createSitemapRepository(data());
    expect(await repo.maxId('models')).toBeNull();
    expect(await repo.anyListed('models', 0, 100)).toBe(false);
    const models = await db
      .insertInto('models')
      .values([
        { dir: 'ann', title: 'Ann', alphabet: 'a', created_at: NOW, videos_count: 2 },
        { dir: 'bea', title: 'Bea', alphabet: 'b', created_at: NOW, videos_count: 0 },
      ])
      .returning('id')
      .execute();
    expect(await repo.models(0, 1_000, 10)).toEqual([{ id: models[0]!.id, dir: 'ann' }]);
    expect(await repo.maxId('models')).toBe(models[1]!.id);
    const albums = await db
      .insertInto('albums')
      .values([
        { dir: 'a', title: 'A', status_id: 1, is_private: 0, post_date: NOW, added_at: NOW },
        { dir: 'b', title: 'B', status_id: 1, is_private: 1, post_date: NOW, added_at: NOW },
        { dir: 'c', title: 'C', status_id: 2, is_private: 0, post_date: NOW, added_at: NOW },
      ])
      .returning('id')
      .execute();
    expect(await repo.albums(0, 1_000, 10)).toEqual([{ id: albums[0]!.id, dir: 'a', post_date: NOW }]);
    expect(await repo.anyListed('albums', albums[1]!.id, 1_000)).toBe(false);
  });

  it('lists channels with a public video and categories with videos, in order', async () => {
    const s = seed(data());
    const { db } = data();
    const repo = createSitemapRepository(data());
    const channels = await db
      .insertInto('channels')
      .values([
        { dir: 'one', title: 'One' },
        { dir: 'two', title: 'Two' },
      ])
      .returning('id')
      .execute();
    await s.video({ channel_id: channels[0]!.id });
    await s.video({ channel_id: channels[1]!.id, is_private: 1 });
    expect(await repo.channelDirs()).toEqual(['one']);
    await db
      .insertInto('categories')
      .values([
        { dir: 'late', total_videos: 3, sort_order: 2 },
        { dir: 'early', total_videos: 1, sort_order: 1 },
        { dir: 'empty', total_videos: 0, sort_order: 0 },
      ])
      .execute();
    expect(await repo.categoryDirs()).toEqual(['early', 'late']);
  });
});
