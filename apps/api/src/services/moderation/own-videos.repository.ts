import { type DataLayer, inIdList } from '@vt/db';
import { sql } from 'kysely';

/** The models the edit form offers: id, dir and name. */
const MODEL_COLUMNS = ['m.id', 'm.dir', 'm.title'] as const;

/** A video's category dirs, alphabetically (the edit form's, and what an edit is compared with). */
export async function categoryDirsOf(db: DataLayer['db'], videoId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('video_categories as vc')
    .innerJoin('categories as c', 'c.id', 'vc.category_id')
    .select('c.dir')
    .where('vc.video_id', '=', videoId)
    .orderBy('c.dir')
    .execute();
  return rows.map((r) => r.dir);
}

/**
 * A member's own uploads as the uploader's edit form and deletion read them, on either database: the video,
 * its links, the catalogue to choose from, and the upload rows of its originals.
 */
export function createOwnVideosRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** The video unless deleted or quarantined, when it is the member's (or `staff` looks at it). */
    own: (videoId: number, memberId: number, staff: boolean) =>
      db
        .selectFrom('videos')
        .select(['id', 'dir', 'title', 'description', 'status_id', 'media_path', 'uploader_id'])
        .where('id', '=', videoId)
        .where('status_id', 'not in', [5, 8])
        .$if(!staff, (q) => q.where('uploader_id', '=', memberId))
        .executeTakeFirst(),

    /** The video's category dirs, alphabetically. */
    categoryDirs: (videoId: number) => categoryDirsOf(db, videoId),

    /** The video's models, by name. */
    modelsOf: (videoId: number) =>
      db
        .selectFrom('video_models as vm')
        .innerJoin('models as m', 'm.id', 'vm.model_id')
        .select(MODEL_COLUMNS)
        .where('vm.video_id', '=', videoId)
        .orderBy('m.title')
        .execute(),

    /** The models among these ids, by name. */
    modelsByIds: async (ids: readonly number[]) =>
      ids.length === 0
        ? []
        : db
            .selectFrom('models as m')
            .select(MODEL_COLUMNS)
            .where(inIdList(dialect, 'm.id', ids))
            .orderBy('m.title')
            .execute(),

    /** The category dirs among these that exist. */
    async knownCategories(dirs: readonly string[]): Promise<string[]> {
      if (dirs.length === 0) return [];
      const rows = await db.selectFrom('categories').select('dir').where('dir', 'in', dirs).execute();
      return rows.map((r) => r.dir);
    },

    /**
     * Up to 10 models whose name contains `q` (lower case, no LIKE wildcards) or whose dir contains `slug`,
     * names starting with `q` first, then the busiest.
     */
    searchModels: (q: string, slug: string) =>
      db
        .selectFrom('models as m')
        .select(MODEL_COLUMNS)
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['m.title']), 'like', `%${q}%`), eb('m.dir', 'like', `%${slug}%`)]),
        )
        .orderBy(sql`case when lower(m.title) like ${`${q}%`} then 0 else 1 end`)
        .orderBy('m.videos_count', 'desc')
        .orderBy('m.title')
        .limit(10)
        .execute(),

    /** The upload ids (original files) of a video. */
    async uploadsOf(videoId: number): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('id').where('video_id', '=', videoId).execute();
      return rows.map((r) => r.id);
    },

    /** Drops the video's upload rows: gone from the member's uploads list (the files go with a job). */
    async forgetUploads(videoId: number): Promise<void> {
      await db.deleteFrom('uploads').where('video_id', '=', videoId).execute();
    },
  };
}

export type OwnVideosRepository = ReturnType<typeof createOwnVideosRepository>;
