import { type AppLoadContext, redirect } from 'react-router';
import { channelBase } from '../lib/channels';
import type { ChannelDetail, VideoSort } from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';
import { parseListingFilters } from '../lib/listing-filters';
import { parsePage } from '../lib/route-params';
import { LISTING_PAGE_SIZE } from '../lib/site-constants';
import { isVideoSort } from '../lib/sorts';
import type { VideoListingData } from './video-listing.server';

const DIR = /^[a-z0-9][a-z0-9-]*$/;

export interface ChannelPageData extends VideoListingData {
  sort: VideoSort;
  channel: ChannelDetail;
}

/**
 * `/channel/{dir}/` is the channel's latest videos, page 1; `/channel/{dir}/{sort}/{page}/` any sort and
 * page (with the listing filters). `/channel/{dir}/{sort}/` goes to its page 1; an unknown sort is a 404.
 */
export async function loadChannelPage(
  context: AppLoadContext,
  request: Request,
  params: { dir: string; sort?: string; page?: string },
): Promise<ChannelPageData> {
  const { dir } = params;
  if (!DIR.test(dir)) notFound();
  const url = new URL(request.url);
  const sort = params.sort ?? 'latest-updates';
  if (!isVideoSort(sort)) notFound();
  if (params.sort !== undefined && params.page === undefined)
    throw redirect(`${channelBase(dir)}/${sort}/1/${url.search}`, 301);
  const page = params.page === undefined ? 1 : (parsePage(params.page) ?? notFound());
  const channel = await context.api.channels.get({ dir }).catch((error: unknown) => {
    if (isMissingError(error)) return null;
    throw error;
  });
  if (!channel) notFound();
  const filters = parseListingFilters(url.searchParams, sort);
  const listing = await context.api.videos.list({
    sort,
    page,
    count: LISTING_PAGE_SIZE,
    date: filters.date,
    duration: filters.duration,
    hdOnly: filters.hdOnly,
    ...(filters.decade ? { decade: filters.decade } : {}),
    target: { section: 'channel', channelId: channel.id },
  });
  return {
    kind: 'listing',
    sort,
    page,
    filters: { ...filters, country: null },
    listing,
    countries: [],
    categories: [],
    channel,
  };
}
