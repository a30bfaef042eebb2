import { type DataLayer, inIdList } from '@vt/db';
import type { Gender } from '@vt/rules';
import { type RawBuilder, sql } from 'kysely';
import { notAVersion } from './listing.repository';
import { THUMB_COLUMNS } from './video-row';

/**
 * The video page's reads (ADR 0041): one video with what its page names (uploader, channel, models,
 * categories, captions), the videos sharing its models, and version groups (ADR 0035).
 */
export function createVideosRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** The video's row, whatever its state (the service decides what a visitor may see). */
    detail(id: number) {
      return db
        .selectFrom('videos as v')
        .select([
          ...THUMB_COLUMNS,
          'v.description',
          'v.status_id',
          'v.is_private',
          'v.gender',
          'v.country',
          'v.production_year',
          'v.width',
          'v.height',
          'v.comments_count',
          'v.uploader_id',
          'v.channel_id',
          'v.timeline_count',
          'v.timeline_interval',
          'v.sg_id',
          'v.ex_tube',
          'v.ex_id',
          'v.album_id',
        ])
        .where('v.id', '=', id)
        .executeTakeFirst();
    },

    captions(videoId: number) {
      return db
        .selectFrom('video_captions')
        .select(['lang', 'vtt', 'updated_at'])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
    },

    uploader(memberId: number) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'avatar', 'subscribers_count'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    channel(channelId: number) {
      return db
        .selectFrom('channels')
        .select(['id', 'dir', 'title', 'subscribers_count'])
        .where('id', '=', channelId)
        .executeTakeFirst();
    },

    /** The video's models, by title. */
    models(videoId: number) {
      return db
        .selectFrom('video_models as vm')
        .innerJoin('models as m', 'm.id', 'vm.model_id')
        .select(['m.id', 'm.dir', 'm.title'])
        .where('vm.video_id', '=', videoId)
        .orderBy('m.title')
        .orderBy('m.id')
        .execute();
    },

    /** The video's categories, titled in `lang` (else English, else the dir), the biggest first. */
    categories(videoId: number, lang: string) {
      return db
        .selectFrom('video_categories as vc')
        .innerJoin('categories as c', 'c.id', 'vc.category_id')
        .leftJoin('category_titles as t', (j) =>
          j.onRef('t.category_id', '=', 'c.id').on('t.lang', '=', lang),
        )
        .leftJoin('category_titles as en', (j) =>
          j.onRef('en.category_id', '=', 'c.id').on('en.lang', '=', 'en'),
        )
        .select((eb) => ['c.id', 'c.dir', eb.fn.coalesce('t.title', 'en.title', 'c.dir').as('title')])
        .where('vc.video_id', '=', videoId)
        .orderBy('c.total_videos', 'desc')
        .orderBy('c.id')
        .execute();
    },

    /** The video's category dirs, by category id. */
    async categoryDirs(videoId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('video_categories as vc')
        .innerJoin('categories as c', 'c.id', 'vc.category_id')
        .select('c.dir')
        .where('vc.video_id', '=', videoId)
        .orderBy('vc.category_id')
        .execute();
      return rows.map((r) => r.dir);
    },

    /** The `limit` most popular listed videos of a model in one orientation, but hidden versions. */
    async modelPopular(modelId: number, gender: Gender, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('video_models as vm')
        .innerJoin('videos as v', 'v.id', 'vm.video_id')
        .select('v.id')
        .where('vm.model_id', '=', modelId)
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .where('v.gender', '=', gender)
        .where(notAVersion)
        .orderBy('v.popularity', 'desc')
        .orderBy('v.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Version groups (ADR 0035): the public canonical of a version, if any. */
    canonicalOf(videoId: number) {
      return db
        .selectFrom('video_versions as vv')
        .innerJoin('videos as c', 'c.id', 'vv.canonical_id')
        .select(['vv.mode', 'c.id', 'c.title', 'c.dir'])
        .where('vv.video_id', '=', videoId)
        .where('c.status_id', '=', 1)
        .where('c.is_private', '=', 0)
        .executeTakeFirst();
    },

    /** The public versions of a canonical, by id. */
    publicVersions(canonicalId: number) {
      return db
        .selectFrom('video_versions as vv')
        .innerJoin('videos as v', 'v.id', 'vv.video_id')
        .select(['v.id', 'v.title', 'v.dir', 'v.duration_sec', 'v.height', 'vv.mode'])
        .where('vv.canonical_id', '=', canonicalId)
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .orderBy('v.id')
        .execute();
    },

    /** Views and comments of these videos added up (a canonical page's counts). */
    async sums(ids: readonly number[]): Promise<{ views: number; comments: number }> {
      const r = await db
        .selectFrom('videos as v')
        .select([
          sql<number>`cast(coalesce(sum(v.video_viewed), 0) as bigint)`.as('views'),
          sql<number>`cast(coalesce(sum(v.comments_count), 0) as bigint)`.as('comments'),
        ])
        .where(inIdList(dialect, 'v.id', ids))
        .executeTakeFirstOrThrow();
      return { views: Number(r.views), comments: Number(r.comments) };
    },

    /** Public versions under a public canonical among one facet's videos (listing_facets counts them, the listing hides them). */
    async hiddenInFacet(gender: string, categoryId: number, durations: number[], hdOnly: boolean) {
      const { rows } = await sql<{ n: number }>`select ${hiddenVersionsCount(
        gender,
        sql`${inIdList(dialect, 'v.duration_bucket', durations)}${
          categoryId === 0
            ? sql``
            : sql` and exists (select 1 from video_categories c where c.video_id = v.id and c.category_id = ${categoryId})`
        }${hdOnly ? sql` and v.is_hd = 1` : sql``}`,
      )} as n`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;

/**
 * How many public versions under a public canonical of one orientation match `where` (on `v`, the
 * version): listing_facets counts them, the browsing listings hide them (ADR 0035). video_versions (a few
 * rows) is the outer loop: CROSS JOIN on SQLite, where the planner left alone walked every listed video of
 * the gender.
 */
export function hiddenVersionsCount(gender: string, where: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(select count(*) from video_versions vv cross join videos v cross join videos vc
    where v.id = vv.video_id and vc.id = vv.canonical_id
      and v.status_id = 1 and v.is_private = 0 and vc.status_id = 1 and vc.is_private = 0
      and v.gender = ${gender} and ${where})`;
}
