import { type Gender, MODEL_FILTER_PARAMS, type ModelSort } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { TtlMemo } from '../../lib/lru-cache';
import type { MediaUrls } from '../media/media-urls.service';
import type { Listing } from '../shared/dto';
import type { ModelDetail, ModelFilters, ModelListQuery, ModelThumb } from './model.dto';

export const MODEL_PAGE_SIZE = 60;
const THUMBS = 4;

/**
 * Orders that end in the rowid walk their `models_*_idx` index with no sort step (every SQLite index
 * ends with the rowid). most-viewed has no index of its own: it sorts the (small) filtered set.
 */
const ORDER: Record<ModelSort, string> = {
  'most-popular': 'm.popularity DESC, m.id DESC',
  'count-videos': 'm.videos_count DESC, m.id DESC',
  'count-subs': 'm.subscribers_count DESC, m.id DESC',
  alphabet: 'm.alphabet ASC, m.title ASC, m.id ASC',
  recent: 'm.created_at DESC, m.id DESC',
  'most-viewed': 'm.viewed DESC, m.id DESC',
};

/** Filter key → column: the columns carry the spec's filter names. */
const FILTER_COLUMNS: Record<keyof ModelFilters, string> = MODEL_FILTER_PARAMS;

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

const THUMB_COLUMNS = 'm.id, m.dir, m.title, m.scr, m.country, m.videos_count, m.viewed, m.subscribers_count';

interface ThumbRow {
  id: number;
  dir: string;
  title: string;
  scr: string | null;
  country: string | null;
  videos_count: number;
  viewed: number;
  subscribers_count: number;
}

interface DetailRow extends ThumbRow {
  description: string | null;
  gender: Gender;
  alphabet: string;
  race: ModelFilters['race'];
  age: number | null;
  tits_size: ModelFilters['titsSize'];
  hair_color: number | null;
  height: number | null;
  weight: number | null;
  tattoo: number | null;
  piercing: number | null;
  active_from: number | null;
  active_to: number | null;
  albums_count: number;
}

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

export function createModelService({ sqlite, urls }: { sqlite: Database.Database; urls: MediaUrls }) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let st = statements.get(sql);
    if (!st) {
      st = sqlite.prepare(sql);
      statements.set(sql, st);
    }
    return st;
  };
  const counts = new TtlMemo<number>(60_000);
  const byDir = sqlite.prepare(
    `SELECT ${THUMB_COLUMNS}, m.description, m.gender, m.alphabet, m.race, m.age, m.tits_size, m.hair_color,
       m.height, m.weight, m.tattoo, m.piercing, m.active_from, m.active_to, m.albums_count
     FROM models m WHERE m.dir = ?`,
  );
  // The newest videos, in video_models_model_idx order: "most viewed" would sort all of a star's
  // tens of thousands of videos on every uncached model page.
  const latestVideoMedia = sqlite
    .prepare(
      `SELECT v.media_path FROM video_models vm JOIN videos v ON v.id = vm.video_id
       WHERE vm.model_id = ? AND v.status_id = 1 AND v.is_private = 0 AND v.media_path IS NOT NULL
       ORDER BY vm.video_id DESC LIMIT ?`,
    )
    .pluck();
  const countries = sqlite
    .prepare('SELECT DISTINCT country FROM models WHERE gender = ? AND country IS NOT NULL ORDER BY country')
    .pluck();
  const countryMemo = new TtlMemo<string[]>(10 * 60_000);
  function build(q: ModelListQuery): { where: string[]; params: unknown[] } {
    const where = ['m.gender = ?'];
    const params: unknown[] = [q.gender];
    for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof ModelFilters, string][]) {
      const value = q.filters[key];
      if (value === null || value === undefined) continue;
      where.push(`m.${column} = ?`);
      params.push(value);
    }
    return { where, params };
  }

  return {
    list(q: ModelListQuery): Listing<ModelThumb> {
      const { where, params } = build(q);
      const countSql = `SELECT count(*) FROM models m WHERE ${where.join(' AND ')}`;
      const total = counts.getOrCompute(`${countSql}|${params.join('|')}`, () =>
        Number(
          prepare(countSql)
            .pluck()
            .get(...params),
        ),
      );
      let items: ModelThumb[] = [];
      if ((q.page - 1) * q.count < total) {
        const sql = `SELECT ${THUMB_COLUMNS} FROM models m WHERE ${where.join(' AND ')} ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`;
        items = (prepare(sql).all(...params, q.count, (q.page - 1) * q.count) as ThumbRow[]).map(toThumb);
      }
      return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
    },

    /** A model by dir with its statistics and attributes; 404 model_not_found when there is none. */
    get(dir: string): ModelDetail {
      const r = byDir.get(dir) as DetailRow | undefined;
      if (!r) throw new AppError('model_not_found', { status: 404, message: 'Model not found' });
      const thumbs = (latestVideoMedia.all(r.id, THUMBS) as string[]).map((p) => urls.image(p, 'thumb.jpg'));
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
    countries(gender: Gender): string[] {
      return countryMemo.getOrCompute(gender, () => countries.all(gender) as string[]);
    },

    invalidateCounts(): void {
      counts.clear();
      countryMemo.clear();
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
