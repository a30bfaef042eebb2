import type { DataLayer } from '@vt/db';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

/**
 * The reads of the restoration review (ADR 0039, ADR 0041), on SQLite or PostgreSQL: the reviewed video
 * and its latest re-run job. (The kept original is found through the uploads repository.)
 */
export function createRestorationRepository({ db }: Layer) {
  return {
    video(id: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'status_id', 'media_path'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The newest job queued under this unique key (a video's re-run), in any state. */
    latestJob(uniqueKey: string) {
      return db
        .selectFrom('jobs')
        .select(['status', 'progress', 'error'])
        .where('unique_key', '=', uniqueKey)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type RestorationRepository = ReturnType<typeof createRestorationRepository>;
