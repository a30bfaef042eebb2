import { LANGS } from '@vt/i18n';
import {
  DATE_FILTERS,
  type DateFilter,
  type DurationFilter,
  GENDERS,
  type Gender,
  VIDEO_SORTS,
  type VideoSort,
} from '@vt/rules';
import { bucketOf } from '../services/media/media-urls.service';
import type { ListingSection } from '../services/videos/video.dto';
import { MAX_PAGE } from '../services/videos/video-listing.service';

/** A path segment that does not parse: answered 400 with this code (404 for a bucket mismatch). */
export class BadSegment extends Error {
  constructor(
    readonly segment: string,
    readonly status = 400,
  ) {
    super(`bad_${segment}`);
  }
}

export const DIR = /^[a-z0-9][a-z0-9-]*$/;
const MEMBER_LISTS = ['uploaded', 'favourites', 'watch_later', 'history'] as const;

export function int(value: string, segment: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(value)) throw new BadSegment(segment);
  const n = Number(value);
  if (n < min || n > max) throw new BadSegment(segment);
  return n;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], segment: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new BadSegment(segment);
  return value as T;
}

export const parseLifetime = (v: string) => int(v, 'lifetime', 0, 31_536_000);
export const parseGender = (v: string): Gender => oneOf(v, GENDERS, 'gender');
export const parseLang = (v: string) => oneOf(v, LANGS, 'lang');

export function parseBucketed(bucket: string, id: string): number {
  const b = int(bucket, 'bucket', 0, 2_000_000_000);
  const n = int(id, 'id', 1, 2_000_000_000);
  if (bucketOf(n) !== b) throw new BadSegment('bucket', 404);
  return n;
}

export interface Videos2Params {
  lifetime: number;
  gender: Gender;
  sort: VideoSort;
  count: number;
  target: ListingSection;
  page: number;
  hdOnly: boolean;
  duration: DurationFilter;
  date: DateFilter;
}

/**
 * `{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.{type}.{duration}.{date}` (the
 * videos2 grammar of legacy-api-conventions.md, without the `.json` suffix).
 */
export function parseVideos2(
  path: string,
  opts: { allowRelevance?: boolean } = {},
): Videos2Params & { relevance: boolean } {
  const parts = path.split('/');
  if (parts.length !== 5) throw new BadSegment('path');
  const [lifetime, gender, sort, count, tail] = parts;
  const dots = tail.split('.');
  if (dots.length !== 6) throw new BadSegment('path');
  const [section, objectId, page, type, duration, date] = dots;
  const relevance = opts.allowRelevance === true && sort === 'relevance';
  const parsedSort = relevance ? 'latest-updates' : oneOf(sort, VIDEO_SORTS, 'sort');
  const target = parseSection(section, objectId, type);
  return {
    lifetime: parseLifetime(lifetime),
    gender: parseGender(gender),
    sort: parsedSort,
    relevance,
    count: int(count, 'count', 1, 100),
    target,
    page: int(page, 'page', 1, MAX_PAGE),
    hdOnly: type === 'hd',
    duration: int(duration, 'duration', 0, 3) as DurationFilter,
    date: oneOf(date, DATE_FILTERS, 'date'),
  };
}

function parseSection(section: string, objectId: string, type: string): ListingSection {
  switch (section) {
    case 'all':
      if (objectId !== '') throw new BadSegment('object_id');
      oneOf(type, ['all', 'hd'], 'type');
      return { section: 'all' };
    case 'categories': {
      const dirs = objectId.split(',');
      if (dirs.length < 1 || dirs.length > 3 || !dirs.every((d) => DIR.test(d)))
        throw new BadSegment('object_id');
      oneOf(type, ['all', 'hd'], 'type');
      return { section: 'categories', dirs: [...new Set(dirs)] };
    }
    case 'models':
      if (!DIR.test(objectId)) throw new BadSegment('object_id');
      oneOf(type, ['all', 'hd'], 'type');
      return { section: 'models', dir: objectId };
    case 'country':
      if (!/^[a-z]{2}$/.test(objectId)) throw new BadSegment('object_id');
      oneOf(type, ['all', 'hd'], 'type');
      return { section: 'country', country: objectId };
    case 'playlist':
      oneOf(type, ['all', 'hd'], 'type');
      return { section: 'playlist', playlistId: int(objectId, 'object_id', 1, 2_000_000_000) };
    case 'member':
      return {
        section: 'member',
        memberId: int(objectId, 'object_id', 1, 2_000_000_000),
        list: oneOf(type, MEMBER_LISTS, 'type'),
      };
    default:
      throw new BadSegment('section');
  }
}

/** `{video_id}.{type}.{page}` of videos_related2. */
export function parseRelatedTail(tail: string): { id: string; hdOnly: boolean; page: number } {
  const dots = tail.split('.');
  if (dots.length !== 3) throw new BadSegment('path');
  const [id, type, page] = dots;
  return { id, hdOnly: oneOf(type, ['all', 'hd'], 'type') === 'hd', page: int(page, 'page', 1, 20) };
}

/** `{gender}.{lang}` of main, `{gender}.{section}.{lang}` of categories. */
export function splitDots(tail: string, n: number): string[] {
  const dots = tail.split('.');
  if (dots.length !== n) throw new BadSegment('path');
  return dots;
}
