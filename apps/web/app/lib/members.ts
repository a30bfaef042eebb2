/** Member page tabs in menu order, with their path segment; `paged` tabs take `{page}/`. */
export const MEMBER_TABS = {
  overview: { segment: '', paged: false },
  info: { segment: 'info', paged: false },
  uploaded: { segment: 'uploaded_videos', paged: true },
  favourites: { segment: 'favourite_videos', paged: true },
  watch_later: { segment: 'watch_later_videos', paged: true },
  history: { segment: 'history', paged: true },
  albums: { segment: 'albums', paged: true },
  playlists: { segment: 'playlists', paged: true },
  friends: { segment: 'friends', paged: true },
  subscriptions: { segment: 'subscriptions', paged: false },
  wall: { segment: 'wall', paged: true },
} as const;
export type MemberTab = keyof typeof MEMBER_TABS;

export const MEMBER_OVERVIEW_VIDEOS = 10;

export const memberHref = (id: number) => `/members/${id}/`;

export function memberTabHref(id: number, tab: MemberTab, page = 1): string {
  const { segment, paged } = MEMBER_TABS[tab];
  if (!segment) return memberHref(id);
  return paged ? `/members/${id}/${segment}/${page}/` : `/members/${id}/${segment}/`;
}

export function memberTabFromSegment(segment: string): MemberTab | null {
  for (const [tab, def] of Object.entries(MEMBER_TABS))
    if (def.segment && def.segment === segment) return tab as MemberTab;
  return null;
}
