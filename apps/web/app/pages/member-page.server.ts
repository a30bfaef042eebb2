import { type AppLoadContext, data, redirect } from 'react-router';
import type {
  AlbumThumb,
  Listing,
  MemberProfile,
  MemberSubscription,
  MemberThumb,
  OwnAlbumLine,
  PlaylistThumb,
  VideoCard,
  WallPost,
} from '../lib/dto';
import { isMissingError, notFound } from '../lib/http-errors';
import {
  MEMBER_OVERVIEW_VIDEOS,
  MEMBER_TABS,
  type MemberTab,
  memberTabFromSegment,
  memberTabHref,
} from '../lib/members';
import { parseId, parsePage } from '../lib/route-params';

/** The privacy switch (spec: 'You do not have permission to view.') that guards each tab, if any. */
export const TAB_PRIVACY: Partial<Record<MemberTab, string>> = {
  favourites: 'favourites',
  watch_later: 'watch_later',
  history: 'history',
  friends: 'friends',
  subscriptions: 'subscriptions',
  wall: 'wall',
};

export type MemberTabContent =
  | { kind: 'none' }
  | { kind: 'overview'; uploads: Listing<VideoCard>; favourites: Listing<VideoCard> | null }
  | { kind: 'private' }
  | { kind: 'videos'; listing: Listing<VideoCard> }
  | { kind: 'albums'; listing: Listing<AlbumThumb>; own: OwnAlbumLine[] | null }
  | { kind: 'playlists'; listing: Listing<PlaylistThumb> }
  | { kind: 'friends'; listing: Listing<MemberThumb> }
  | { kind: 'subscriptions'; items: MemberSubscription[] }
  | { kind: 'wall'; listing: Listing<WallPost> };

export interface MemberPageData {
  tab: MemberTab;
  page: number;
  profile: MemberProfile;
  isOwner: boolean;
  /** Tabs this viewer cannot open (shown with a lock). */
  locked: MemberTab[];
  content: MemberTabContent;
}

const LIST_PAGE_SIZE = 60;

/**
 * `/members/{id}/` and its tabs (spec §2): `info/`, `subscriptions/` and the paged
 * `{uploaded_videos,favourite_videos,watch_later_videos,history,albums,playlists,friends,wall}/{page}/`.
 * A paged tab without a page answers 301 to page 1; the spec's `ed_videos/` is the uploads tab.
 * A tab the member keeps private renders the notice with status 403.
 */
export async function loadMemberPage(
  context: AppLoadContext,
  params: { id: string; tab?: string; page?: string },
) {
  const id = parseId(params.id) ?? notFound();
  if (params.tab === 'ed_videos')
    throw redirect(memberTabHref(id, 'uploaded', Number(params.page ?? 1) || 1), 301);
  const tab: MemberTab =
    params.tab === undefined ? 'overview' : (memberTabFromSegment(params.tab) ?? notFound());
  const { paged } = MEMBER_TABS[tab];
  if (!paged && params.page !== undefined) notFound();
  if (paged && params.page === undefined) throw redirect(memberTabHref(id, tab, 1), 301);
  const page = paged ? (parsePage(params.page) ?? notFound()) : 1;

  const found = await context.api.members.profile({ id }).catch((error: unknown) => {
    if (isMissingError(error)) return null;
    throw error;
  });
  if (!found) notFound();
  const { profile, isOwner } = found;
  const locked = (Object.keys(TAB_PRIVACY) as MemberTab[]).filter(
    (t) => !isOwner && profile.privateSections.includes(TAB_PRIVACY[t]!),
  );
  const base = { tab, page, profile, isOwner, locked };
  if (locked.includes(tab)) {
    return data<MemberPageData>({ ...base, content: { kind: 'private' } }, { status: 403 });
  }

  const api = context.api.members;
  const videos = (list: 'uploaded' | 'favourites' | 'watch_later' | 'history', p: number, count: number) =>
    api.videos({ id, list, page: p, count });
  let content: MemberTabContent = { kind: 'none' };
  switch (tab) {
    case 'overview':
      content = {
        kind: 'overview',
        uploads: await videos('uploaded', 1, MEMBER_OVERVIEW_VIDEOS),
        favourites: locked.includes('favourites')
          ? null
          : await videos('favourites', 1, MEMBER_OVERVIEW_VIDEOS),
      };
      break;
    case 'uploaded':
    case 'favourites':
    case 'watch_later':
    case 'history':
      content = { kind: 'videos', listing: await videos(tab, page, LIST_PAGE_SIZE) };
      break;
    case 'albums':
      content = {
        kind: 'albums',
        listing: await context.api.albums.list({
          sort: 'latest-updates',
          page,
          count: LIST_PAGE_SIZE,
          target: { section: 'member', memberId: id },
        }),
        // The owner also gets every album of theirs, pending ones included, each with its edit link.
        own: isOwner ? await context.api.albums.mineList() : null,
      };
      break;
    case 'playlists':
      content = {
        kind: 'playlists',
        listing: await context.api.playlists.list({
          sort: 'recent',
          page,
          count: LIST_PAGE_SIZE,
          memberId: id,
        }),
      };
      break;
    case 'friends':
      content = { kind: 'friends', listing: await api.friends({ id, page }) };
      break;
    case 'subscriptions':
      content = { kind: 'subscriptions', items: await api.subscriptions({ id }) };
      break;
    case 'wall':
      content = { kind: 'wall', listing: await api.wall({ id, page }) };
      break;
  }
  return { ...base, content } satisfies MemberPageData;
}
