import { expect, it } from 'vitest';
import { onBothDatabases, seed } from '../screening/contract-test-db';
import { createDownloadRepository } from './download.repository';

onBothDatabases('the download repository', (data) => {
  it('reads what the download link checks of a video', async () => {
    const s = seed(data());
    const uploader = await s.member();
    const id = await s.video({ uploader_id: uploader, is_private: 1, media_path: 'media/x', dir: 'a-video' });
    const repo = createDownloadRepository(data());
    expect(await repo.video(id)).toEqual({
      dir: 'a-video',
      status_id: 1,
      is_private: 1,
      uploader_id: uploader,
      media_path: 'media/x',
    });
    expect(await repo.video(id + 1000)).toBeUndefined();
  });
});
