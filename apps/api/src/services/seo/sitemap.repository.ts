import type { Database, DataLayer } from '@vt/db';
import { type ExpressionBuilder, sql } from 'kysely';

export const PAGED = ['videos', 'models', 'albums'] as const;
export type PagedKind = (typeof PAGED)[number];

/**
 * Only what a visitor may see: the same conditions the listings use. A version group is one entry, its
 * canonical page (ADR 0035): a version under a public canonical is left out.
 */
const listedVideo = (eb: ExpressionBuilder<Database, 'videos'>) =>
  eb.and([
    eb('videos.status_id', '=', 1),
    eb('videos.is_private', '=', 0),
    eb.not(
      eb.exists(
        eb
          .selectFrom('video_versions as vv')
          .innerJoin('videos as vc', 'vc.id', 'vv.canonical_id')
          .select(sql<number>`1`.as('one'))
          .whereRef('vv.video_id', '=', 'videos.id')
          .where('vc.status_id', '=', 1)
          .where('vc.is_private', '=', 0),
      ),
    ),
  ]);

/**
 * The reads of the XML sitemaps (ADR 0041), on SQLite or PostgreSQL: videos, models and albums by id range
 * (each file is one primary-key range, read in keyset batches), channels and categories whole.
 */
export function createSitemapRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** The listed rows of one kind, as a query to narrow. */
  const listed = {
    videos: () => db.selectFrom('videos').where(listedVideo),
    models: () => db.selectFrom('models').where('videos_count', '>', 0),
    albums: () => db.selectFrom('albums').where('status_id', '=', 1).where('is_private', '=', 0),
  };

  const repo = {
    /** The largest id of the kind's table, listed or not (files are numbered by id range); null when empty. */
    async maxId(kind: PagedKind): Promise<number | null> {
      const row = await db
        .selectFrom(kind)
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      return row?.max ?? null;
    },

    /** Listed videos with after < id < to, by id. */
    async videos(after: number, to: number, limit: number) {
      return listed
        .videos()
        .select([
          'id',
          'dir',
          'title',
          'description',
          'duration_sec',
          'post_date',
          'video_viewed',
          'media_path',
        ])
        .where('id', '>', after)
        .where('id', '<', to)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async models(after: number, to: number, limit: number) {
      return listed
        .models()
        .select(['id', 'dir'])
        .where('id', '>', after)
        .where('id', '<', to)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async albums(after: number, to: number, limit: number) {
      return listed
        .albums()
        .select(['id', 'dir', 'post_date'])
        .where('id', '>', after)
        .where('id', '<', to)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Whether some listed row of the kind has an id in [from, to). */
    async anyListed(kind: PagedKind, from: number, to: number): Promise<boolean> {
      return (await repo[kind](from - 1, to, 1)).length > 0;
    },

    /** Channels with at least one public video, by id. */
    async channelDirs(): Promise<string[]> {
      const rows = await db
        .selectFrom('channels as c')
        .select('c.dir')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('videos as v')
              .select(sql<number>`1`.as('one'))
              .whereRef('v.channel_id', '=', 'c.id')
              .where('v.status_id', '=', 1)
              .where('v.is_private', '=', 0),
          ),
        )
        .orderBy('c.id')
        .execute();
      return rows.map((r) => r.dir);
    },

    /** Categories with videos, in their display order. */
    async categoryDirs(): Promise<string[]> {
      const rows = await db
        .selectFrom('categories')
        .select('dir')
        .where('total_videos', '>', 0)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.dir);
    },
  };
  return repo;
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
