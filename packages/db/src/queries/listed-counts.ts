import type Database from 'better-sqlite3';

/**
 * The one definition of every maintained "videos" count a page shows, each equal to the total of the
 * listing it links to (docs/decisions/0024):
 * - a model's page and a playlist list the videos of the model's (the playlist's) own orientation, so
 *   their count is the same for every visitor orientation;
 * - a category's count is per orientation and lives in listing_facets (see listing-facets.ts).
 * Only listed videos count: active (status 1) and not private.
 */
export const MODEL_VIDEOS_SQL = `(SELECT count(*) FROM video_models vm JOIN videos v ON v.id = vm.video_id
  WHERE vm.model_id = models.id AND v.status_id = 1 AND v.is_private = 0 AND v.gender = models.gender)`;

export const PLAYLIST_VIDEOS_SQL = `(SELECT count(*) FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
  WHERE pv.playlist_id = playlists.id AND v.status_id = 1 AND v.is_private = 0 AND v.gender = playlists.orientation)`;

/** A member's uploads page lists every listed upload of theirs, whatever the visitor's orientation. */
export const MEMBER_VIDEOS_SQL = `(SELECT count(*) FROM videos v
  WHERE v.uploader_id = members.id AND v.status_id = 1 AND v.is_private = 0)`;

/** A channel's page lists every listed video of the channel, whatever the visitor's orientation. */
export const CHANNEL_VIDEOS_SQL = `(SELECT count(*) FROM videos v
  WHERE v.channel_id = channels.id AND v.status_id = 1 AND v.is_private = 0)`;

const CATEGORY_VIDEOS_SQL = `(SELECT count(*) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
  WHERE vc.category_id = categories.id AND v.status_id = 1 AND v.is_private = 0)`;

/** Recounts every model, playlist, category, member and channel (the seed; a repair after a bulk import). */
export function refreshListedCounts(sqlite: Database.Database): void {
  sqlite.exec(`
    UPDATE models SET videos_count = ${MODEL_VIDEOS_SQL};
    UPDATE playlists SET videos_count = ${PLAYLIST_VIDEOS_SQL};
    UPDATE categories SET total_videos = ${CATEGORY_VIDEOS_SQL};
    UPDATE members SET videos_count = ${MEMBER_VIDEOS_SQL};
    UPDATE channels SET videos_count = ${CHANNEL_VIDEOS_SQL};
  `);
}

/** Recounts the models, playlists, categories and channels of these videos, after they entered or left listings. */
export function refreshListedCountsOf(sqlite: Database.Database, videoIds: readonly number[]): void {
  if (videoIds.length === 0) return;
  const ids = JSON.stringify(videoIds);
  sqlite
    .prepare(
      `UPDATE models SET videos_count = ${MODEL_VIDEOS_SQL}
       WHERE id IN (SELECT model_id FROM video_models WHERE video_id IN (SELECT value FROM json_each(?)))`,
    )
    .run(ids);
  sqlite
    .prepare(
      `UPDATE playlists SET videos_count = ${PLAYLIST_VIDEOS_SQL}
       WHERE id IN (SELECT playlist_id FROM playlist_videos WHERE video_id IN (SELECT value FROM json_each(?)))`,
    )
    .run(ids);
  sqlite
    .prepare(
      `UPDATE categories SET total_videos = ${CATEGORY_VIDEOS_SQL}
       WHERE id IN (SELECT category_id FROM video_categories WHERE video_id IN (SELECT value FROM json_each(?)))`,
    )
    .run(ids);
  sqlite
    .prepare(
      `UPDATE channels SET videos_count = ${CHANNEL_VIDEOS_SQL}
       WHERE id IN (SELECT channel_id FROM videos WHERE id IN (SELECT value FROM json_each(?)))`,
    )
    .run(ids);
}

/** Recounts one playlist (after an entry was added or removed, or its orientation changed). */
export function refreshPlaylistCount(sqlite: Database.Database, playlistId: number): void {
  sqlite.prepare(`UPDATE playlists SET videos_count = ${PLAYLIST_VIDEOS_SQL} WHERE id = ?`).run(playlistId);
}
