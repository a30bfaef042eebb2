import { type AppLoadContext, redirect } from 'react-router';
import { ALBUM_PAGE_SIZE, albumsHref, isAlbumSort } from '../lib/albums';
import type { AlbumSort, AlbumThumb, Listing } from '../lib/dto';
import { notFound } from '../lib/http-errors';
import { parsePage } from '../lib/route-params';

export interface AlbumListingData {
  kind: 'listing';
  sort: AlbumSort;
  page: number;
  listing: Listing<AlbumThumb>;
}

/** `/albums/{sort}/{page}/`: unknown sorts go to /404/, a missing page to page 1, a bad page is a 404. */
export async function loadAlbumListing(
  context: AppLoadContext,
  sortParam: string,
  pageParam: string | undefined,
): Promise<AlbumListingData> {
  if (!isAlbumSort(sortParam)) throw redirect('/404/', 302);
  if (pageParam === undefined) throw redirect(albumsHref(sortParam, 1), 301);
  const page = parsePage(pageParam) ?? notFound();
  const listing = await context.api.albums.list({ sort: sortParam, page, count: ALBUM_PAGE_SIZE });
  return { kind: 'listing', sort: sortParam, page, listing };
}
