import { type AppLoadContext, redirect } from 'react-router';
import type { PlaylistStripData } from '../components/playlist-strip';
import { type DatedComments, datedComments } from '../lib/dated-comments';
import type { Listing, PublicProvenance, VideoCard, VideoDetail } from '../lib/dto';
import { isMissingError } from '../lib/http-errors';
import { formatDate } from '../lib/intl';
import { parseId, parsePage } from '../lib/route-params';
import { MAX_PAGE, PLAYLIST_PAGE_SIZE, RELATED_MAX_PAGE } from '../lib/site-constants';
import { SUGGESTION_COUNT } from '../lib/video-extras-constants';

export interface VideoPageData {
  kind: 'video';
  video: VideoDetail;
  /** The post date in the page's language, formatted here: Intl's date data costs the browser ~70 ms to load. */
  postedOn: string;
  related: Listing<VideoCard>;
  relatedPage: number;
  /** Signed, short-lived master playlist URL; null when the video cannot be played. */
  hls: string | null;
  /** One page of comments (`?comments_page=N`); null when the video cannot be watched. */
  comments: DatedComments | null;
  /** The suggestion banner strip: this week's most popular videos, without this one. */
  suggestions: VideoCard[];
  /** `?playlist=&pl_page=`: one page of the playlist, for the strip; null without (or for a hidden one). */
  playlist: PlaylistStripData | null;
  /** The public video's provenance record and 2257 basis (ADR 0036); null when not shown. */
  provenance: PublicProvenance | null;
}

/** `/videos/{id}/{dir}/`: a missing video goes to /404/ (spec §4), a wrong or missing dir to the canonical URL. */
export async function loadVideoPage(
  context: AppLoadContext,
  request: Request,
  id: number,
  dirParam: string | undefined,
): Promise<VideoPageData> {
  const video = await context.api.videos.get({ id }).catch((error: unknown) => {
    if (isMissingError(error)) return null;
    throw error;
  });
  if (!video) throw redirect('/404/', 302);

  const url = new URL(request.url);
  // A version a moderator set to redirect answers with its canonical page (ADR 0035). Browsers revalidate
  // the redirect, so ungrouping gives the version its page back at once.
  const versionOf = video.versions?.role === 'version' ? video.versions.versionOf : null;
  if (versionOf?.mode === 'redirect') {
    throw redirect(`${versionOf.canonical.url}${url.search}`, {
      status: 301,
      headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' },
    });
  }
  if (dirParam !== video.dir) throw redirect(`${video.url}${url.search}`, 301);

  const relatedPage = parsePage(url.searchParams.get('related_page'), RELATED_MAX_PAGE) ?? 1;
  const commentsPage = parsePage(url.searchParams.get('comments_page'), MAX_PAGE) ?? 1;
  const active = video.state === 'active';
  const [related, file, comments, popular, provenance] = await Promise.all([
    // A deleted video has no related list (the service answers not found): show the page without one.
    context.api.videos.related({ id, page: relatedPage }).catch((error: unknown) => {
      if (isMissingError(error)) return { items: [], totalCount: 0, page: relatedPage, pages: 0 };
      throw error;
    }),
    active ? context.api.videos.fileLink({ id }) : null,
    active ? context.api.comments.list({ section: 'video', objectId: id, page: commentsPage }) : null,
    context.api.videos.list({ sort: 'most-popular', date: 'week', count: SUGGESTION_COUNT + 1, page: 1 }),
    active ? context.api.provenance.ofVideo({ id }) : null,
  ]);
  const suggestions = popular.items.filter((v) => v.id !== id).slice(0, SUGGESTION_COUNT);
  const playlist = await loadStrip(context, url.searchParams, id);
  return {
    kind: 'video',
    video,
    postedOn: formatDate(video.postDate, context.lang),
    related,
    relatedPage,
    hls: file?.hls ?? null,
    comments: comments && datedComments(comments, context.lang),
    suggestions,
    playlist,
    provenance,
  };
}

/**
 * The strip's first page and the item after this video (on this page, or the first of the next page),
 * which the end of the video opens; a private, missing or malformed playlist simply shows no strip.
 */
async function loadStrip(
  context: AppLoadContext,
  params: URLSearchParams,
  videoId: number,
): Promise<PlaylistStripData | null> {
  const id = parseId(params.get('playlist'));
  if (id === null) return null;
  const page = parsePage(params.get('pl_page'), MAX_PAGE) ?? 1;
  const r = await context.api.playlists.page({ id, page, count: PLAYLIST_PAGE_SIZE }).catch(() => null);
  if (!r) return null;
  const items = r.videos.items;
  const at = items.findIndex((v) => v.id === videoId);
  const inPlaylist = (v: VideoCard, onPage: number) => ({
    ...v,
    url: `${v.url}?playlist=${id}&pl_page=${onPage}`,
  });
  let next: VideoCard | null = null;
  if (at >= 0 && at + 1 < items.length) next = inPlaylist(items[at + 1], page);
  else if (at >= 0 && page < r.videos.pages) {
    const following = await context.api.playlists
      .page({ id, page: page + 1, count: PLAYLIST_PAGE_SIZE })
      .catch(() => null);
    const first = following?.videos.items[0];
    if (first) next = inPlaylist(first, page + 1);
  }
  return { id, title: r.playlist.title, page, pages: r.videos.pages, items, next };
}
