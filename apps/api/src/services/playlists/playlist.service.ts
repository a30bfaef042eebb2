import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Listing } from '../shared/dto';
import type { VideoListing } from '../videos/video-listing.service';

export const PLAYLIST_SORTS = ['most-popular', 'recent'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];

/** Each sort is its index `playlists_{popular,recent}_idx (orientation, is_private, column)`, id last. */
const ORDER: Record<PlaylistSort, string> = {
  'most-popular': 'p.viewed DESC, p.id DESC',
  recent: 'p.updated_at DESC, p.id DESC',
};

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

interface Row {
  id: number;
  title: string;
  description: string;
  videos_count: number;
  viewed: number;
  member_id: number;
  name: string;
  first_video: number | null;
  is_private: number;
  orientation: Gender;
}

/** The first entry its listing shows (a listed video of the playlist's orientation): its cover. */
const FIRST_VIDEO = `(SELECT pv.video_id FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
  WHERE pv.playlist_id = p.id AND v.status_id = 1 AND v.is_private = 0 AND v.gender = p.orientation
  ORDER BY pv.position LIMIT 1) AS first_video`;

export function createPlaylistService({
  sqlite,
  listing,
}: {
  sqlite: Database.Database;
  listing: VideoListing;
}) {
  const detail = sqlite.prepare(
    `SELECT p.id, p.title, p.description, p.videos_count, p.viewed, p.member_id, p.is_private, p.orientation,
       m.name, m.avatar, ${FIRST_VIDEO}
     FROM playlists p JOIN members m ON m.id = p.member_id WHERE p.id = ?`,
  );

  const scrOf = (videoIds: (number | null)[]) => {
    const thumbs = listing.fetchThumbs(videoIds.filter((id): id is number => id !== null));
    return new Map(thumbs.map((t) => [t.id, t.thumb]));
  };

  const toThumb = (r: Row, scr: Map<number, string | null>): PlaylistThumb => ({
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
    list(q: PlaylistListQuery): Listing<PlaylistThumb> {
      // A member's own list shows every playlist they made, private ones and other orientations included.
      const own = q.memberId !== undefined && q.includePrivate === true;
      const where = own
        ? 'p.member_id = ?'
        : `p.orientation = ? AND p.is_private = 0${q.memberId ? ' AND p.member_id = ?' : ''}`;
      const params: unknown[] = own ? [q.memberId] : q.memberId ? [q.gender, q.memberId] : [q.gender];
      const total = (
        sqlite.prepare(`SELECT count(*) AS n FROM playlists p WHERE ${where}`).get(...params) as { n: number }
      ).n;
      const rows =
        (q.page - 1) * q.count < total
          ? (sqlite
              .prepare(
                `SELECT p.id, p.title, p.description, p.videos_count, p.viewed, p.member_id, p.is_private,
                   p.orientation, m.name, ${FIRST_VIDEO}
                 FROM playlists p JOIN members m ON m.id = p.member_id
                 WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`,
              )
              .all(...params, q.count, (q.page - 1) * q.count) as Row[])
          : [];
      const scr = scrOf(rows.map((r) => r.first_video));
      return {
        items: rows.map((r) => toThumb(r, scr)),
        totalCount: total,
        page: q.page,
        pages: Math.ceil(total / q.count),
      };
    },

    /** A playlist its viewer may see: a private one only by its owner. */
    get(id: number, viewerId: number | null): PlaylistDetail {
      const r = detail.get(id) as
        | (Row & { is_private: number; orientation: Gender; avatar: string | null })
        | undefined;
      if (!r) throw new AppError('playlist_not_found', { status: 404, message: 'Playlist not found' });
      if (r.is_private && r.member_id !== viewerId) {
        throw new AppError('playlist_private', { status: 403, message: 'Playlist is private' });
      }
      const thumb = toThumb(r, scrOf([r.first_video]));
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
