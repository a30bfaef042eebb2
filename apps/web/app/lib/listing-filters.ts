import type { DateFilter, DurationFilter, VideoSort } from './dto';
import { DATED_SORTS, type ListingSort } from './sorts';

export interface ListingFilters {
  date: DateFilter;
  duration: DurationFilter;
  hdOnly: boolean;
  /** Lower-case ISO code: only videos watched from that country. */
  country: string | null;
  /** Production decade (1970 = the 1970s) from the videos' provenance records; 0: any (ADR 0036). */
  decade: number;
}

export const DEFAULT_FILTERS: ListingFilters = {
  date: 'all',
  duration: 0,
  hdOnly: false,
  country: null,
  decade: 0,
};
const COUNTRY = /^[a-z]{2}$/;
export const DATE_OPTIONS: readonly DateFilter[] = ['all', 'day', 'week', 'month'];
export const DURATION_OPTIONS: readonly DurationFilter[] = [0, 1, 2, 3];
/** The decade chips: any, then the archive's decades. Another valid decade in the URL is honoured too. */
export const DECADE_OPTIONS: readonly number[] = [0, 1950, 1960, 1970, 1980, 1990, 2000];

/** `?decade=1970`: a multiple of ten from 1890 to 2090 (the API's range), else 0 (any). */
export function parseDecade(value: string | null): number {
  if (!value || !/^\d{4}$/.test(value)) return 0;
  const n = Number(value);
  return n % 10 === 0 && n >= 1890 && n <= 2090 ? n : 0;
}

export function supportsDateFilter(sort: ListingSort): boolean {
  return DATED_SORTS.includes(sort as VideoSort);
}

/** Reads `?date=week&duration=2&hd=1&country=de&decade=1970`; anything unknown falls back to the default. */
export function parseListingFilters(params: URLSearchParams, sort: ListingSort): ListingFilters {
  const date = params.get('date');
  const duration = Number(params.get('duration'));
  return {
    date:
      supportsDateFilter(sort) && DATE_OPTIONS.includes(date as DateFilter) ? (date as DateFilter) : 'all',
    duration: DURATION_OPTIONS.includes(duration as DurationFilter) ? (duration as DurationFilter) : 0,
    hdOnly: params.get('hd') === '1',
    country: COUNTRY.test(params.get('country') ?? '') ? params.get('country') : null,
    decade: parseDecade(params.get('decade')),
  };
}

/** The query string for filters, without defaults, so every filter set has one URL. */
export function filtersQuery(filters: ListingFilters, sort: ListingSort): string {
  const params = new URLSearchParams();
  if (filters.date !== 'all' && supportsDateFilter(sort)) params.set('date', filters.date);
  if (filters.duration !== 0) params.set('duration', String(filters.duration));
  if (filters.hdOnly) params.set('hd', '1');
  if (filters.country) params.set('country', filters.country);
  if (filters.decade) params.set('decade', String(filters.decade));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A listing page's URL; `base` is `/videos` or another listing of videos (e.g. `/categories/a,b`). */
export function listingHref(
  sort: ListingSort,
  page: number,
  filters: ListingFilters = DEFAULT_FILTERS,
  base = '/videos',
): string {
  return `${base}/${sort}/${page}/${filtersQuery(filters, sort)}`;
}
