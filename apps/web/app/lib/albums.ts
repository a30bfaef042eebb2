import type { AlbumSort } from './dto';

// A web-side copy so the client bundle does not import API modules; `satisfies` keeps it in step.
export const ALBUM_SORTS = [
  'latest-updates',
  'most-viewed',
  'top-rated',
  'most-commented',
] as const satisfies readonly AlbumSort[];

export const ALBUM_PAGE_SIZE = 60;

export function isAlbumSort(value: string): value is AlbumSort {
  return (ALBUM_SORTS as readonly string[]).includes(value);
}

export const albumsHref = (sort: AlbumSort, page: number) => `/albums/${sort}/${page}/`;
