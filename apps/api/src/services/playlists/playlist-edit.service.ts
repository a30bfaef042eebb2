import { PLAYLIST_VIDEOS_SQL } from '@vt/db';
import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { type MoveDirection, moved } from '../../lib/reorder';
import { checkLength } from '../auth/account-rules';
import type { Clock } from '../shared/clock';
import { videoNotFound } from '../shared/errors';
import type { PublicCaches } from '../shared/public-caches';

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
  sqlite,
  clock,
  caches,
}: {
  sqlite: Database.Database;
  clock: Clock;
  caches: PublicCaches;
}) {
  const owner = sqlite.prepare('SELECT member_id FROM playlists WHERE id = ?').pluck();
  const isPrivate = sqlite.prepare('SELECT is_private FROM playlists WHERE id = ?').pluck();
  const activeVideo = sqlite.prepare('SELECT 1 FROM videos WHERE id = ? AND status_id = 1').pluck();

  function read(fields: PlaylistFields) {
    const title = checkLength('title', fields.title, ...PLAYLIST_TITLE);
    const desc = checkLength('desc', fields.desc, ...PLAYLIST_DESC);
    if (fields.visible !== undefined && fields.visible !== '0' && fields.visible !== '1')
      throw new AppError('bad_visible', { field: 'visible' });
    const orientation = (fields.orientation ?? 'straight') as Gender;
    if (!ORIENTATIONS.includes(orientation)) throw new AppError('bad_orientation', { field: 'orientation' });
    return { title, desc, isPrivate: fields.visible === '0' ? 1 : 0, orientation };
  }

  function own(memberId: number, playlistId: number) {
    if (owner.get(playlistId) !== memberId) throw notFound();
  }

  // The count its page and its listing agree on: listed videos of the playlist's orientation.
  const recount = sqlite.prepare(
    `UPDATE playlists SET videos_count = ${PLAYLIST_VIDEOS_SQL}, updated_at = ? WHERE id = ?`,
  );

  return {
    create(memberId: number, fields: PlaylistFields): { code: string; playlistId: number } {
      const p = read(fields);
      const now = clock.now();
      const id = sqlite
        .prepare(
          `INSERT INTO playlists (member_id, title, description, is_private, orientation, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(memberId, p.title, p.desc, p.isPrivate, p.orientation, now, now).lastInsertRowid;
      return { code: 'playlist_created', playlistId: Number(id) };
    },

    update(memberId: number, playlistId: number, fields: PlaylistFields): { code: string } {
      own(memberId, playlistId);
      const p = read(fields);
      const wasPrivate = isPrivate.get(playlistId);
      sqlite
        .prepare(
          'UPDATE playlists SET title = ?, description = ?, is_private = ?, orientation = ?, updated_at = ? WHERE id = ?',
        )
        .run(p.title, p.desc, p.isPrivate, p.orientation, clock.now(), playlistId);
      recount.run(clock.now(), playlistId);
      // Made private: cached public answers that show it must go now, not when they expire.
      if (p.isPrivate && !wasPrivate) caches.purge();
      return { code: 'playlist_changed' };
    },

    remove(memberId: number, playlistId: number): { code: string } {
      own(memberId, playlistId);
      sqlite.prepare('DELETE FROM playlists WHERE id = ?').run(playlistId);
      caches.purge();
      return { code: 'playlist_deleted' };
    },

    addVideo(memberId: number, playlistId: number, videoId: number): { code: string } {
      own(memberId, playlistId);
      if (!activeVideo.get(videoId)) throw videoNotFound();
      const added = sqlite.transaction(() => {
        const next = sqlite
          .prepare('SELECT coalesce(max(position), 0) + 1 FROM playlist_videos WHERE playlist_id = ?')
          .pluck()
          .get(playlistId) as number;
        const r = sqlite
          .prepare(
            'INSERT OR IGNORE INTO playlist_videos (playlist_id, video_id, position, added_at) VALUES (?, ?, ?, ?)',
          )
          .run(playlistId, videoId, next, clock.now());
        recount.run(clock.now(), playlistId);
        return r.changes > 0;
      })();
      if (!added)
        throw new AppError('already_in_playlist', {
          status: 409,
          message: 'The video is already in this playlist',
        });
      return { code: 'playlist_added' };
    },

    removeVideo(memberId: number, playlistId: number, videoId: number): { code: string } {
      own(memberId, playlistId);
      sqlite
        .prepare('DELETE FROM playlist_videos WHERE playlist_id = ? AND video_id = ?')
        .run(playlistId, videoId);
      recount.run(clock.now(), playlistId);
      return { code: 'playlist_removed' };
    },

    /**
     * Swaps a video with its neighbour before (`up`) or after it, renumbering the playlist 1…n so the order
     * a page shows and the order stored are the same.
     */
    move(memberId: number, playlistId: number, videoId: number, direction: MoveDirection): { code: string } {
      own(memberId, playlistId);
      const order = sqlite
        .prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position, added_at')
        .pluck()
        .all(playlistId) as number[];
      const at = order.indexOf(videoId);
      if (at < 0) throw videoNotFound();
      const next = moved(order, at, direction);
      if (next) {
        const set = sqlite.prepare(
          'UPDATE playlist_videos SET position = ? WHERE playlist_id = ? AND video_id = ?',
        );
        sqlite.transaction(() => {
          for (const [i, id] of next.entries()) set.run(i + 1, playlistId, id);
        })();
        if (!isPrivate.get(playlistId)) caches.purge();
      }
      return { code: 'playlist_reordered' };
    },

    /** The member's playlists for the add-to modal, newest first, with whether each holds the video. */
    mine(memberId: number, videoId: number | null) {
      return sqlite
        .prepare(
          `SELECT p.id, p.title, p.is_private AS isPrivate, p.videos_count AS videosCount,
             EXISTS (SELECT 1 FROM playlist_videos pv WHERE pv.playlist_id = p.id AND pv.video_id = ?) AS hasVideo
           FROM playlists p WHERE p.member_id = ? ORDER BY p.updated_at DESC, p.id DESC LIMIT 200`,
        )
        .all(videoId ?? 0, memberId) as {
        id: number;
        title: string;
        isPrivate: number;
        videosCount: number;
        hasVideo: number;
      }[];
    },
  };
}

export type PlaylistEditService = ReturnType<typeof createPlaylistEditService>;
