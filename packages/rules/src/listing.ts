/**
 * Sorts and filter keys of the listings (spec §2–§3): the API validates against them, the web app offers
 * them, in this order.
 */

export const VIDEO_SORTS = [
  'latest-updates',
  'top-rated',
  'most-popular',
  'most-viewed',
  'most-commented',
  'longest',
] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

export const DATE_FILTERS = ['all', 'day', 'week', 'month'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** 0 any, 1 under 10 min, 2 10–40 min, 3 over 40 min. */
export type DurationFilter = 0 | 1 | 2 | 3;

/** The site's orientations (`?orientation=`, ADR 0025). */
export const GENDERS = ['straight', 'shemale', 'gay'] as const;
export type Gender = (typeof GENDERS)[number];
