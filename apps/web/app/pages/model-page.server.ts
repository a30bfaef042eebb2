import { type AppLoadContext, redirect } from 'react-router';
import type { Listing, ModelDetail, VideoCard, WallPost } from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';
import { countryName } from '../lib/intl';
import { MODEL_OVERVIEW_VIDEOS, modelVideosHref, modelWallHref } from '../lib/models';
import { parsePage } from '../lib/route-params';
import { LISTING_PAGE_SIZE } from '../lib/site-constants';

export type ModelTab = 'overview' | 'info' | 'wall' | 'videos';

/** The model with its country named by the server (the browser's Intl region names are slow to load). */
export type NamedModel = ModelDetail & { countryName: string | null };

export interface ModelPageData {
  tab: ModelTab;
  model: NamedModel;
  /** overview: the latest videos; videos: the requested page. */
  videos: Listing<VideoCard> | null;
  wall: Listing<WallPost> | null;
  page: number;
}

const DIR = /^[a-z0-9][a-z0-9-]*$/;

/**
 * `/model/{dir}/`, `info/`, `wall/` (`wall/{page}/` from page 2) and `videos/{page}/`. An unknown model
 * or tab is a 404 page; `videos/` and `wall/1/` answer 301 to their canonical forms.
 */
export async function loadModelPage(
  context: AppLoadContext,
  params: { dir: string; tab?: string; page?: string },
): Promise<ModelPageData> {
  const { dir, tab = 'overview', page: pageParam } = params;
  if (!DIR.test(dir) || !['overview', 'info', 'wall', 'videos'].includes(tab)) notFound();
  if (params.tab === 'overview') notFound();
  if ((tab === 'overview' || tab === 'info') && pageParam !== undefined) notFound();
  if (tab === 'videos' && pageParam === undefined) throw redirect(modelVideosHref(dir, 1), 301);
  const page = pageParam === undefined ? 1 : (parsePage(pageParam) ?? notFound());
  if (tab === 'wall' && pageParam === '1') throw redirect(modelWallHref(dir, 1), 301);

  const model = await context.api.models.get({ dir }).catch((error: unknown) => {
    if (isMissingError(error)) return null;
    throw error;
  });
  if (!model) notFound();

  const videosOf = (p: number, count: number) =>
    context.api.videos.list({
      sort: 'latest-updates',
      page: p,
      count,
      target: { section: 'models', dir },
    });
  const named = { ...model, countryName: model.country ? countryName(model.country, context.lang) : null };
  const data: ModelPageData = { tab: tab as ModelTab, model: named, videos: null, wall: null, page };
  if (tab === 'overview') data.videos = await videosOf(1, MODEL_OVERVIEW_VIDEOS);
  if (tab === 'videos') data.videos = await videosOf(page, LISTING_PAGE_SIZE);
  if (tab === 'wall') data.wall = await context.api.models.wall({ modelId: model.id, page });
  return data;
}
