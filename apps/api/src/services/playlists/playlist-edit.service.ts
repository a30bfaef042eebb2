import type { Gender } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import { type MoveDirection, moved } from '../../lib/reorder';
import type { Clock } from '../shared/clock';
import { videoNotFound } from '../shared/errors';
import { checkLength } from '../shared/field-rules';
import type { PublicCaches } from '../shared/public-caches';
import type { PlaylistsRepository } from './playlists.repository';

/** Spec §5 playlist form: title 3–100, description 5–500, both required. */
export const PLAYLIST_TITLE = [3, 100] as const;
export const PLAYLIST_DESC = [5, 500] as const;

export interface PlaylistFields {
  title?: string;
  desc?: string;
  /** '1' public, '0' private. */
  visible?: string;
  orientation?: string;
}

const ORIENTATIONS: readonly Gender[] = ['straight', 'shemale', 'gay'];
const notFound = () => new AppError('playlist_not_found', { status: 404, message: 'Playlist not found' });

/** A member's own playlists: create, edit, delete, and add or remove videos. Others' are "not found". */
export function createPlaylistEditService({
  playlists,
  clock,
  caches,
}: {
  playlists: PlaylistsRepository;
  clock: Clock;
  caches: PublicCaches;
}) {
  function read(fields: PlaylistFields) {
    const title = checkLength('title', fields.title, ...PLAYLIST_TITLE);
    const desc = checkLength('desc', fields.desc, ...PLAYLIST_DESC);
    if (fields.visible !== undefined && fields.visible !== '0' && fields.visible !== '1')
      throw new AppError('bad_visible', { field: 'visible' });
    const orientation = (fields.orientation ?? 'straight') as Gender;
    if (!ORIENTATIONS.includes(orientation)) throw new AppError('bad_orientation', { field: 'orientation' });
    return { title, desc, isPrivate: fields.visible === '0' ? 1 : 0, orientation };
  }

  /** The member's playlist (whether it is private), or "not found" for anyone else's. */
  async function own(memberId: number, playlistId: number) {
    const p = await playlists.ownership(playlistId);
    if (p?.member_id !== memberId) throw notFound();
    return { isPrivate: p.is_private !== 0 };
  }

  return {
    async create(memberId: number, fields: PlaylistFields): Promise<{ code: string; playlistId: number }> {
      const p = read(fields);
      const now = clock.now();
      const id = await playlists.insert({
        member_id: memberId,
        title: p.title,
        description: p.desc,
        is_private: p.isPrivate,
        orientation: p.orientation,
        created_at: now,
        updated_at: now,
      });
      return { code: 'playlist_created', playlistId: id };
    },

    async update(memberId: number, playlistId: number, fields: PlaylistFields): Promise<{ code: string }> {
      const was = await own(memberId, playlistId);
      const p = read(fields);
      await playlists.update(
        playlistId,
        { title: p.title, description: p.desc, is_private: p.isPrivate, orientation: p.orientation },
        clock.now(),
      );
      // Made private: cached public answers that show it must go now, not when they expire.
      if (p.isPrivate && !was.isPrivate) await caches.purge();
      return { code: 'playlist_changed' };
    },

    async remove(memberId: number, playlistId: number): Promise<{ code: string }> {
      await own(memberId, playlistId);
      await playlists.delete(playlistId);
      await caches.purge();
      return { code: 'playlist_deleted' };
    },

    async addVideo(memberId: number, playlistId: number, videoId: number): Promise<{ code: string }> {
      await own(memberId, playlistId);
      if (!(await playlists.isActiveVideo(videoId))) throw videoNotFound();
      if (!(await playlists.addVideo(playlistId, videoId, clock.now())))
        throw new AppError('already_in_playlist', {
          status: 409,
          message: 'The video is already in this playlist',
        });
      return { code: 'playlist_added' };
    },

    async removeVideo(memberId: number, playlistId: number, videoId: number): Promise<{ code: string }> {
      await own(memberId, playlistId);
      await playlists.removeVideo(playlistId, videoId, clock.now());
      return { code: 'playlist_removed' };
    },

    /**
     * Swaps a video with its neighbour before (`up`) or after it, renumbering the playlist 1…n so the order
     * a page shows and the order stored are the same.
     */
    async move(
      memberId: number,
      playlistId: number,
      videoId: number,
      direction: MoveDirection,
    ): Promise<{ code: string }> {
      const { isPrivate } = await own(memberId, playlistId);
      const order = await playlists.videoOrder(playlistId);
      const at = order.indexOf(videoId);
      if (at < 0) throw videoNotFound();
      const next = moved(order, at, direction);
      if (next) {
        await playlists.setOrder(playlistId, next);
        if (!isPrivate) await caches.purge();
      }
      return { code: 'playlist_reordered' };
    },

    /** The member's playlists for the add-to modal, newest first, with whether each holds the video. */
    async mine(memberId: number, videoId: number | null) {
      const rows = await playlists.mine(memberId, videoId);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        isPrivate: r.is_private !== 0,
        videosCount: r.videos_count,
        hasVideo: Number(r.has_video) === 1,
      }));
    },
  };
}

export type PlaylistEditService = ReturnType<typeof createPlaylistEditService>;
