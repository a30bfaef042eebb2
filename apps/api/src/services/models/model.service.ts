import type { Gender } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Listing } from '../shared/dto';
import type { ModelDetail, ModelFilters, ModelListQuery, ModelThumb } from './model.dto';
import type { ModelsRepository } from './models.repository';

export const MODEL_PAGE_SIZE = 60;
const THUMBS = 4;

export const NO_MODEL_FILTERS: ModelFilters = {
  alphabet: null,
  race: null,
  age: null,
  country: null,
  titsSize: null,
  hairColor: null,
  height: null,
  weight: null,
  tattoo: null,
  piercing: null,
};

type ThumbRow = Awaited<ReturnType<ModelsRepository['page']>>[number];

export const modelUrl = (dir: string) => `/model/${dir}/`;

/** models.scr is a path under the media dir, served publicly under /thumbs/. */
export const modelImageUrl = (path: string | null) => (path ? `/thumbs/${encodeURI(path)}` : '');

function toThumb(r: ThumbRow): ModelThumb {
  return {
    id: r.id,
    dir: r.dir,
    title: r.title,
    url: modelUrl(r.dir),
    scr: modelImageUrl(r.scr),
    country: r.country,
    videos: r.videos_count,
    viewed: r.viewed,
    subscribers: r.subscribers_count,
  };
}

export function createModelService({ models, urls }: { models: ModelsRepository; urls: MediaUrls }) {
  const counts = new AsyncTtlMemo<number>(60_000);
  const countryMemo = new AsyncTtlMemo<string[]>(10 * 60_000);

  return {
    async list(q: ModelListQuery): Promise<Listing<ModelThumb>> {
      const filter = { gender: q.gender, filters: q.filters };
      const key = `${q.gender}|${JSON.stringify(q.filters)}`;
      const total = await counts.getOrCompute(key, () => models.count(filter));
      let items: ModelThumb[] = [];
      if ((q.page - 1) * q.count < total) {
        const rows = await models.page({
          ...filter,
          sort: q.sort,
          limit: q.count,
          offset: (q.page - 1) * q.count,
        });
        items = rows.map(toThumb);
      }
      return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
    },

    /** A model by dir with its statistics and attributes; 404 model_not_found when there is none. */
    async get(dir: string): Promise<ModelDetail> {
      const r = await models.byDir(dir);
      if (!r) throw new AppError('model_not_found', { status: 404, message: 'Model not found' });
      const thumbs = (await models.latestVideoMedia(r.id, THUMBS)).map((p) => urls.image(p, 'thumb.jpg'));
      return {
        ...toThumb(r),
        description: r.description ?? '',
        gender: r.gender,
        alphabet: r.alphabet,
        race: r.race,
        age: r.age,
        titsSize: r.tits_size,
        hairColor: r.hair_color,
        height: r.height,
        weight: r.weight,
        tattoo: r.tattoo,
        piercing: r.piercing,
        activeFrom: r.active_from,
        activeTo: r.active_to,
        albums: r.albums_count,
        thumbs,
      };
    },

    /** Countries the country filter offers for an orientation. */
    countries(gender: Gender): Promise<string[]> {
      return countryMemo.getOrCompute(gender, () => models.countries(gender));
    },

    invalidateCounts(): void {
      counts.clear();
      countryMemo.clear();
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
