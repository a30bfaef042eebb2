import { type AppLoadContext, data, redirect } from 'react-router';
import type { AlbumPage } from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';

export type AlbumPageData = AlbumPage;

/**
 * `/album/{id}/{dir}/`: a missing or unapproved album is a 404, a wrong or missing dir answers 301 to
 * the canonical URL, and someone else's private album answers 403 with the permission notice.
 */
export async function loadAlbumPage(
  context: AppLoadContext,
  request: Request,
  id: number,
  dirParam: string | undefined,
) {
  const page = await context.api.albums.page({ id }).catch((error: unknown) => {
    if (isMissingError(error)) return null;
    throw error;
  });
  if (!page) notFound();
  const url = page.state === 'active' ? page.album.url : page.url;
  const dir = page.state === 'active' ? page.album.dir : page.dir;
  if (dirParam !== dir) throw redirect(`${url}${new URL(request.url).search}`, 301);
  return data<AlbumPageData>(page, { status: page.state === 'private' ? 403 : 200 });
}
