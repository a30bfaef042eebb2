import {
  ALBUM_SORTS,
  type AlbumSort,
  type Gender,
  MODEL_RACES,
  MODEL_SORTS,
  MODEL_TITS_SIZES,
  type ModelSort,
} from '@vt/rules';
import type { AlbumSection } from '../services/albums/album.dto';
import type { ModelFilters } from '../services/models/model.dto';
import { MAX_PAGE } from '../services/videos/video-listing.service';
import { BadSegment, DIR, int, oneOf, parseGender, parseLifetime } from './paths';

const MAX_ID = 2_000_000_000;

export interface AlbumsParams {
  lifetime: number;
  gender: Gender;
  sort: AlbumSort;
  count: number;
  target: AlbumSection;
  page: number;
}

/**
 * `{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}` of the albums listing (docs/api/albums.md),
 * without the `.json` suffix. Sections: `all` (empty object_id), `categories` (a category dir), `models`
 * (a model dir), `member` (a member id: that member's public albums).
 */
export function parseAlbums(path: string): AlbumsParams {
  const parts = path.split('/');
  if (parts.length !== 5) throw new BadSegment('path');
  const [lifetime, gender, sort, count, tail] = parts;
  const dots = tail.split('.');
  if (dots.length !== 3) throw new BadSegment('path');
  const [section, objectId, page] = dots;
  let target: AlbumSection;
  switch (section) {
    case 'all':
      if (objectId !== '') throw new BadSegment('object_id');
      target = { section: 'all' };
      break;
    case 'categories':
    case 'models':
      if (!DIR.test(objectId)) throw new BadSegment('object_id');
      target = { section, dir: objectId };
      break;
    case 'member':
      target = { section: 'member', memberId: int(objectId, 'object_id', 1, MAX_ID) };
      break;
    default:
      throw new BadSegment('section');
  }
  return {
    lifetime: parseLifetime(lifetime),
    gender: parseGender(gender),
    sort: oneOf(sort, ALBUM_SORTS, 'sort'),
    count: int(count, 'count', 1, 100),
    target,
    page: int(page, 'page', 1, MAX_PAGE),
  };
}

export interface ModelsParams {
  lifetime: number;
  gender: Gender;
  filters: ModelFilters;
  sort: ModelSort;
  count: number;
  page: number;
}

/** An empty value is "any"; otherwise it must parse, or the answer is 400 `bad_{key}`. */
const anyOr = <T>(value: string, parse: (v: string) => T): T | null => (value === '' ? null : parse(value));

/**
 * The `filt{10 filters}` segment: `filt` followed by the 10 filter values of spec §3 joined by dots, in
 * the spec's key order alphabet.race.age.country.tits_size.hair_color.height.weight.tattoo.piercing;
 * an empty value means any. `filt.........` (nine dots) filters nothing; `filtb.latin..de......1` is
 * models whose name starts with b, race latin, from Germany, with piercings.
 */
export function parseModelFilters(segment: string): ModelFilters {
  if (!segment.startsWith('filt')) throw new BadSegment('filt');
  const v = segment.slice(4).split('.');
  if (v.length !== 10) throw new BadSegment('filt');
  const letter = (x: string) => {
    if (!/^[a-z]$/.test(x)) throw new BadSegment('alphabet');
    return x;
  };
  const country = (x: string) => {
    if (!/^[a-z]{2}$/.test(x)) throw new BadSegment('country');
    return x;
  };
  const code = (segmentName: string, max: number) => (x: string) => {
    if (!/^\d$/.test(x)) throw new BadSegment(segmentName);
    return int(x, segmentName, 1, max);
  };
  return {
    alphabet: anyOr(v[0], letter),
    race: anyOr(v[1], (x) => oneOf(x, MODEL_RACES, 'race')),
    age: anyOr(v[2], code('age', 4)),
    country: anyOr(v[3], country),
    titsSize: anyOr(v[4], (x) => oneOf(x, MODEL_TITS_SIZES, 'tits_size')),
    hairColor: anyOr(v[5], code('hair_color', 5)),
    height: anyOr(v[6], code('height', 4)),
    weight: anyOr(v[7], code('weight', 4)),
    tattoo: anyOr(v[8], code('tattoo', 2)),
    piercing: anyOr(v[9], code('piercing', 2)),
  };
}

/** `{lifetime}/{gender}/filt{10 filters}/{sort}/{count}/{page}` of the models listing, without `.json`. */
export function parseModels(path: string): ModelsParams {
  const parts = path.split('/');
  if (parts.length !== 6) throw new BadSegment('path');
  const [lifetime, gender, filt, sort, count, page] = parts;
  return {
    lifetime: parseLifetime(lifetime),
    gender: parseGender(gender),
    filters: parseModelFilters(filt),
    sort: oneOf(sort, MODEL_SORTS, 'sort'),
    count: int(count, 'count', 1, 100),
    page: int(page, 'page', 1, MAX_PAGE),
  };
}

/**
 * `{prefix}/{dir}` of the model answer: `prefix` is the first character of `dir`. A malformed segment is
 * 400; a well-formed prefix that is not the dir's first character is 404 `not_found` (one object, one URL).
 */
export function parseModelPrefixed(prefix: string, dir: string): string {
  if (!/^[a-z0-9]$/.test(prefix)) throw new BadSegment('prefix');
  if (!DIR.test(dir) || dir.length > 200) throw new BadSegment('dir');
  if (dir[0] !== prefix) throw new BadSegment('prefix', 404);
  return dir;
}

/** The legacy form of a filter set, e.g. for links: `filt` + the 10 values joined by dots. */
export function modelFiltSegment(f: ModelFilters): string {
  const values = [
    f.alphabet,
    f.race,
    f.age,
    f.country,
    f.titsSize,
    f.hairColor,
    f.height,
    f.weight,
    f.tattoo,
    f.piercing,
  ];
  return `filt${values.map((x) => (x === null ? '' : String(x))).join('.')}`;
}
