import type { DataLayer } from '@vt/db';
import { type Gender, MODEL_FILTER_PARAMS, type ModelSort } from '@vt/rules';
import type { ModelFilters } from './model.dto';

/** The filter columns carry the spec's filter names (MODEL_FILTER_PARAMS). */
const FILTER_COLUMNS = MODEL_FILTER_PARAMS satisfies Record<keyof ModelFilters, string>;

/**
 * Orders that end in the id walk their `models_*_idx` index with no sort step. most-viewed has no index
 * of its own: it sorts the (small) filtered set.
 */
const ORDER = {
  'most-popular': [
    ['popularity', 'desc'],
    ['id', 'desc'],
  ],
  'count-videos': [
    ['videos_count', 'desc'],
    ['id', 'desc'],
  ],
  'count-subs': [
    ['subscribers_count', 'desc'],
    ['id', 'desc'],
  ],
  alphabet: [
    ['alphabet', 'asc'],
    ['title', 'asc'],
    ['id', 'asc'],
  ],
  recent: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  'most-viewed': [
    ['viewed', 'desc'],
    ['id', 'desc'],
  ],
} as const satisfies Record<ModelSort, readonly (readonly [string, 'asc' | 'desc'])[]>;

const THUMB_COLUMNS = [
  'id',
  'dir',
  'title',
  'scr',
  'country',
  'videos_count',
  'viewed',
  'subscribers_count',
] as const;

export interface ModelListFilter {
  gender: Gender;
  filters: ModelFilters;
}

/** The models table's SQL (ADR 0041), on SQLite or PostgreSQL. */
export function createModelsRepository({ db }: Pick<DataLayer, 'db'>) {
  const filtered = ({ gender, filters }: ModelListFilter) => {
    let q = db.selectFrom('models').where('gender', '=', gender);
    for (const key of Object.keys(FILTER_COLUMNS) as (keyof ModelFilters)[]) {
      const value = filters[key];
      if (value !== null && value !== undefined) q = q.where(FILTER_COLUMNS[key], '=', value);
    }
    return q;
  };

  return {
    async count(filter: ModelListFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async page(filter: ModelListFilter & { sort: ModelSort; limit: number; offset: number }) {
      let q = filtered(filter).select(THUMB_COLUMNS);
      for (const [column, direction] of ORDER[filter.sort]) q = q.orderBy(column, direction);
      return q.limit(filter.limit).offset(filter.offset).execute();
    },

    async byDir(dir: string) {
      return db
        .selectFrom('models')
        .select([
          ...THUMB_COLUMNS,
          'description',
          'gender',
          'alphabet',
          'race',
          'age',
          'tits_size',
          'hair_color',
          'height',
          'weight',
          'tattoo',
          'piercing',
          'active_from',
          'active_to',
          'albums_count',
        ])
        .where('dir', '=', dir)
        .executeTakeFirst();
    },

    /**
     * Media of a model's newest listed videos, in video_models_model_idx order: "most viewed" would sort all
     * of a star's tens of thousands of videos on every uncached model page.
     */
    async latestVideoMedia(modelId: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('video_models as vm')
        .innerJoin('videos as v', 'v.id', 'vm.video_id')
        .select('v.media_path')
        .where('vm.model_id', '=', modelId)
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .where('v.media_path', 'is not', null)
        .orderBy('vm.video_id', 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap((r) => (r.media_path === null ? [] : [r.media_path]));
    },

    async countries(gender: Gender): Promise<string[]> {
      const rows = await db
        .selectFrom('models')
        .select('country')
        .distinct()
        .where('gender', '=', gender)
        .where('country', 'is not', null)
        .orderBy('country')
        .execute();
      return rows.flatMap((r) => (r.country === null ? [] : [r.country]));
    },

    /** The most popular models of an orientation, for the header menu and the main stats. */
    async top(gender: Gender, limit: number) {
      return db
        .selectFrom('models')
        .select(['dir', 'title', 'videos_count as totalVideos'])
        .where('gender', '=', gender)
        .orderBy('popularity', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type ModelsRepository = ReturnType<typeof createModelsRepository>;
