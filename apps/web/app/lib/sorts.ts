import { VIDEO_SORTS, type VideoSort } from '@vt/rules';

export { VIDEO_SORTS };

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
