import { MODEL_FILTER_PARAMS, MODEL_RACES, MODEL_SORTS, MODEL_TITS_SIZES, type ModelSort } from '@vt/rules';
import type { ModelFilters } from './dto';

export { MODEL_SORTS };

export const MODEL_PAGE_SIZE = 60;
export const MODEL_WALL_PAGE_SIZE = 10;
/** Latest videos on the model overview. */
export const MODEL_OVERVIEW_VIDEOS = 10;

export const ALPHABET = 'abcdefghijklmnopqrstuvwxyz'.split('');
export const RACES = MODEL_RACES;
export const TITS_SIZES = MODEL_TITS_SIZES;

/** Coded filters (spec §3 ranges) and how many codes each has. */
export const CODED_FILTERS = {
  age: 4,
  hairColor: 5,
  height: 4,
  weight: 4,
  tattoo: 2,
  piercing: 2,
} as const;
export type CodedFilter = keyof typeof CODED_FILTERS;

/** Query parameter names: the spec's filter keys. */
export const FILTER_PARAMS = MODEL_FILTER_PARAMS satisfies Record<keyof ModelFilters, string>;

export const NO_FILTERS: ModelFilters = {
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

export function isModelSort(value: string): value is ModelSort {
  return (MODEL_SORTS as readonly string[]).includes(value);
}

const codeOf = (value: string | null, max: number): number | null => {
  if (!value || !/^\d$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
};

/** Reads `?alphabet=b&race=latin&age=2&...`; anything out of the spec's ranges means any. */
export function parseModelFilters(params: URLSearchParams): ModelFilters {
  const get = (key: keyof ModelFilters) => params.get(FILTER_PARAMS[key]);
  const letter = get('alphabet');
  const country = get('country');
  const race = get('race');
  const size = get('titsSize');
  return {
    alphabet: letter && /^[a-z]$/.test(letter) ? letter : null,
    race: (RACES as readonly string[]).includes(race ?? '') ? (race as ModelFilters['race']) : null,
    age: codeOf(get('age'), CODED_FILTERS.age),
    country: country && /^[a-z]{2}$/.test(country) ? country : null,
    titsSize: (TITS_SIZES as readonly string[]).includes(size ?? '')
      ? (size as ModelFilters['titsSize'])
      : null,
    hairColor: codeOf(get('hairColor'), CODED_FILTERS.hairColor),
    height: codeOf(get('height'), CODED_FILTERS.height),
    weight: codeOf(get('weight'), CODED_FILTERS.weight),
    tattoo: codeOf(get('tattoo'), CODED_FILTERS.tattoo),
    piercing: codeOf(get('piercing'), CODED_FILTERS.piercing),
  };
}

/** The query string of a filter set, in the spec's key order and without the "any" values. */
export function modelFiltersQuery(filters: ModelFilters): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_PARAMS) as (keyof ModelFilters)[]) {
    const value = filters[key];
    if (value !== null) params.set(FILTER_PARAMS[key], String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const hasModelFilters = (filters: ModelFilters) => Object.values(filters).some((v) => v !== null);

export const modelsHref = (sort: ModelSort, page: number, filters: ModelFilters = NO_FILTERS) =>
  `/models/${sort}/${page}/${modelFiltersQuery(filters)}`;

export const modelHref = (dir: string) => `/model/${dir}/`;
export const modelInfoHref = (dir: string) => `/model/${dir}/info/`;
export const modelWallHref = (dir: string, page = 1) =>
  page > 1 ? `/model/${dir}/wall/${page}/` : `/model/${dir}/wall/`;
export const modelVideosHref = (dir: string, page = 1) => `/model/${dir}/videos/${page}/`;
