import type { VideoSort } from './dto';

// A web-side copy so the client bundle does not import API modules; `satisfies` keeps it in step.
export const VIDEO_SORTS = [
  'latest-updates',
  'top-rated',
  'most-popular',
  'most-viewed',
  'most-commented',
  'longest',
] as const satisfies readonly VideoSort[];

/** The listing route also accepts `history`, which renders the local watch history. */
export type ListingSort = VideoSort | 'history';

/** Sorts whose listing offers the date filter (spec §2). */
export const DATED_SORTS: readonly VideoSort[] = ['top-rated', 'most-popular'];

export function isVideoSort(value: string): value is VideoSort {
  return (VIDEO_SORTS as readonly string[]).includes(value);
}

export function isListingSort(value: string): value is ListingSort {
  return value === 'history' || isVideoSort(value);
}
