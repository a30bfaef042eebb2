import type { Gender } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import type { Listing } from '../shared/dto';
import { pagedListing } from '../shared/paged-query';
import type { VideoListing } from '../videos/video-listing.service';
import type { PlaylistFilter, PlaylistSort, PlaylistsRepository } from './playlists.repository';

export { PLAYLIST_SORTS, type PlaylistSort } from './playlists.repository';

export interface PlaylistListQuery {
  gender: Gender;
  sort: PlaylistSort;
  count: number;
  page: number;
  /** Only this member's playlists: the public ones, or all of them for the member themself. */
  memberId?: number;
  includePrivate?: boolean;
}

export interface PlaylistThumb {
  id: number;
  title: string;
  description: string;
  videosCount: number;
  viewed: number;
  /** The first video's thumbnail, or null for an empty playlist. */
  scr: string | null;
  owner: { id: number; name: string };
  /** Only ever true in the owner's own list (others never see a private playlist). */
  isPrivate: boolean;
  orientation: Gender;
}

export interface PlaylistDetail extends Omit<PlaylistThumb, 'owner'> {
  isPrivate: boolean;
  orientation: Gender;
  owner: { id: number; name: string; avatar: string | null };
}

type ThumbRow = Awaited<ReturnType<PlaylistsRepository['page']>>[number];

export function createPlaylistService({
  playlists,
  listing,
}: {
  playlists: PlaylistsRepository;
  listing: VideoListing;
}) {
  const scrOf = async (videoIds: (number | null)[]) => {
    const thumbs = await listing.fetchThumbs(videoIds.filter((id): id is number => id !== null));
    return new Map(thumbs.map((t) => [t.id, t.thumb]));
  };

  const toThumb = (r: ThumbRow, scr: Map<number, string | null>): PlaylistThumb => ({
    id: r.id,
    title: r.title,
    description: r.description,
    videosCount: r.videos_count,
    viewed: r.viewed,
    scr: r.first_video === null ? null : (scr.get(r.first_video) ?? null),
    owner: { id: r.member_id, name: r.name },
    isPrivate: r.is_private === 1,
    orientation: r.orientation,
  });

  return {
    async list(q: PlaylistListQuery): Promise<Listing<PlaylistThumb>> {
      // A member's own list shows every playlist they made, private ones and other orientations included.
      const filter: PlaylistFilter =
        q.memberId !== undefined && q.includePrivate === true
          ? { ownerId: q.memberId }
          : { orientation: q.gender, memberId: q.memberId || undefined };
      const page = await pagedListing({
        page: q.page,
        count: q.count,
        total: () => playlists.count(filter),
        rows: (limit, offset) => playlists.page(filter, q.sort, limit, offset),
      });
      const scr = await scrOf(page.items.map((r) => r.first_video));
      return { ...page, items: page.items.map((r) => toThumb(r, scr)) };
    },

    /** A playlist its viewer may see: a private one only by its owner. */
    async get(id: number, viewerId: number | null): Promise<PlaylistDetail> {
      const r = await playlists.detail(id);
      if (!r) throw new AppError('playlist_not_found', { status: 404, message: 'Playlist not found' });
      if (r.is_private && r.member_id !== viewerId) {
        throw new AppError('playlist_private', { status: 403, message: 'Playlist is private' });
      }
      const thumb = toThumb(r, await scrOf([r.first_video]));
      return {
        ...thumb,
        isPrivate: r.is_private === 1,
        orientation: r.orientation,
        owner: { id: r.member_id, name: r.name, avatar: r.avatar },
      };
    },
  };
}

export type PlaylistService = ReturnType<typeof createPlaylistService>;
