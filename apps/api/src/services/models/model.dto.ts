import type { Gender, MODEL_RACES, MODEL_TITS_SIZES, ModelSort } from '@vt/rules';

/** The models domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

/** The 10 model filter keys of spec §3, in the spec's order; null means any. */
export interface ModelFilters {
  alphabet: string | null;
  race: (typeof MODEL_RACES)[number] | null;
  /** 1-4 */
  age: number | null;
  /** Lower-case ISO 3166-1 alpha-2. */
  country: string | null;
  titsSize: (typeof MODEL_TITS_SIZES)[number] | null;
  /** 1-5 */
  hairColor: number | null;
  /** 1-4 */
  height: number | null;
  /** 1-4 */
  weight: number | null;
  /** 1-2 */
  tattoo: number | null;
  /** 1-2 */
  piercing: number | null;
}

export interface ModelListQuery {
  gender: Gender;
  sort: ModelSort;
  count: number;
  page: number;
  filters: ModelFilters;
}

export interface ModelThumb {
  id: number;
  dir: string;
  title: string;
  url: string;
  /** The portrait image URL ('' when the model has none). */
  scr: string;
  country: string | null;
  videos: number;
  viewed: number;
  subscribers: number;
}

export interface ModelDetail extends ModelThumb {
  description: string;
  gender: Gender;
  alphabet: string;
  race: ModelFilters['race'];
  age: number | null;
  titsSize: ModelFilters['titsSize'];
  hairColor: number | null;
  height: number | null;
  weight: number | null;
  tattoo: number | null;
  piercing: number | null;
  activeFrom: number | null;
  activeTo: number | null;
  albums: number;
  /** Listing images of the model's newest videos. */
  thumbs: string[];
}
