import { type AppLoadContext, data, redirect } from 'react-router';
import { type DatedComments, datedComments } from '../lib/dated-comments';
import type { AlbumPage } from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';
import { parsePage } from '../lib/route-params';

/** The album, and one page of its comments (`?comments_page=N`) when it can be seen. */
export type AlbumPageData = AlbumPage & { comments: DatedComments | null };

const MAX_COMMENTS_PAGE = 1000;

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
  const search = new URL(request.url).searchParams;
  if (dirParam !== dir) throw redirect(`${url}${new URL(request.url).search}`, 301);
  const commentsPage = parsePage(search.get('comments_page'), MAX_COMMENTS_PAGE) ?? 1;
  const comments =
    page.state === 'active'
      ? datedComments(
          await context.api.comments.list({ section: 'album', objectId: page.album.id, page: commentsPage }),
          context.lang,
        )
      : null;
  return data<AlbumPageData>({ ...page, comments }, { status: page.state === 'private' ? 403 : 200 });
}
