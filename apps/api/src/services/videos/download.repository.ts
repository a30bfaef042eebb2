import type { DataLayer } from '@vt/db';

/** What the download link reads of a video (download.service.ts): who may see it and where its ladder is. */
export function createDownloadRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    video(videoId: number) {
      return db
        .selectFrom('videos')
        .select(['dir', 'status_id', 'is_private', 'uploader_id', 'media_path'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },
  };
}

export type DownloadRepository = ReturnType<typeof createDownloadRepository>;
export type DownloadVideo = NonNullable<Awaited<ReturnType<DownloadRepository['video']>>>;
