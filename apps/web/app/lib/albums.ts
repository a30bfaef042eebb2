import { ALBUM_SORTS, type AlbumSort } from '@vt/rules';

export { ALBUM_SORTS };

export const ALBUM_PAGE_SIZE = 60;

export function isAlbumSort(value: string): value is AlbumSort {
  return (ALBUM_SORTS as readonly string[]).includes(value);
}

export const albumsHref = (sort: AlbumSort, page: number) => `/albums/${sort}/${page}/`;
