import { writeJson } from '@vt/db';
import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createRestorationRepository } from './restoration.repository';

onBothDatabases('the restoration repository', (data) => {
  it("reads the reviewed video and the newest job under a re-run's key", async () => {
    const s = seed(data());
    const repo = createRestorationRepository(data());
    const v = await s.video({ status_id: 2, media_path: 'uploads/7' });
    expect(await repo.video(v)).toEqual({ id: v, status_id: 2, media_path: 'uploads/7' });
    expect(await repo.video(99_999)).toBeUndefined();

    expect(await repo.latestJob('restore:1')).toBeUndefined();
    const job = (key: string, over: { status?: 'done' | 'failed'; progress?: number; error?: string } = {}) =>
      data()
        .db.insertInto('jobs')
        .values({
          name: 'media.restore',
          payload: writeJson({ videoId: 1 }),
          unique_key: key,
          run_at: NOW,
          created_at: NOW,
          updated_at: NOW,
          ...over,
        })
        .execute();
    await job('restore:1', { status: 'failed', progress: 0.5, error: 'boom' });
    expect(await repo.latestJob('restore:1')).toEqual({ status: 'failed', progress: 0.5, error: 'boom' });
    await job('restore:1');
    await job('restore:2', { status: 'done', progress: 1 });
    expect(await repo.latestJob('restore:1')).toEqual({ status: 'queued', progress: 0, error: null });
    expect(await repo.latestJob('restore:2')).toEqual({ status: 'done', progress: 1, error: null });
  });
});
