import { type AppLoadContext, redirect } from 'react-router';
import type { Listing, VideoDetail, VideoThumb } from '../lib/dto';
import { isMissingError } from '../lib/http-errors';
import { parsePage } from '../lib/route-params';
import { RELATED_MAX_PAGE } from '../lib/site-constants';

export interface VideoPageData {
  kind: 'video';
  video: VideoDetail;
  related: Listing<VideoThumb>;
  relatedPage: number;
  /** Signed, short-lived master playlist URL; null when the video cannot be played. */
  hls: string | null;
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
  if (dirParam !== video.dir) throw redirect(`${video.url}${url.search}`, 301);

  const relatedPage = parsePage(url.searchParams.get('related_page'), RELATED_MAX_PAGE) ?? 1;
  const [related, file] = await Promise.all([
    context.api.videos.related({ id, page: relatedPage }),
    video.state === 'active' ? context.api.videos.fileLink({ id }) : null,
  ]);
  return { kind: 'video', video, related, relatedPage, hls: file?.hls ?? null };
}
