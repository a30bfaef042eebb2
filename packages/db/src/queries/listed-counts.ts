import type Database from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database as Schema } from '../kysely/database';
import type { DialectName } from '../kysely/dialect/dialect';
import { inIdList } from '../kysely/dialect/listing-id-list';

/**
 * The one definition of every maintained "videos" count a page shows, each equal to the total of the
 * listing it links to (docs/decisions/0024):
 * - a model's page and a playlist list the videos of the model's (the playlist's) own orientation, so
 *   their count is the same for every visitor orientation;
 * - a category's count is per orientation and lives in listing_facets (see listing-facets.ts).
 * Only listed videos count: active (status 1) and not private.
 * The CROSS JOINs fix the order on SQLite (PostgreSQL plans them as inner joins): from the model's, the
 * playlist's or the category's own rows to their videos. Without statistics SQLite chose to walk every
 * video of the orientation for each playlist, hours for the 50,000 playlists of a 1,000,000-video site.
 */
export const MODEL_VIDEOS_SQL = `(SELECT count(*) FROM video_models vm CROSS JOIN videos v
  WHERE v.id = vm.video_id AND vm.model_id = models.id AND v.status_id = 1 AND v.is_private = 0
  AND v.gender = models.gender)`;

export const PLAYLIST_VIDEOS_SQL = `(SELECT count(*) FROM playlist_videos pv CROSS JOIN videos v
  WHERE v.id = pv.video_id AND pv.playlist_id = playlists.id AND v.status_id = 1 AND v.is_private = 0
  AND v.gender = playlists.orientation)`;

/** A member's uploads page lists every listed upload of theirs, whatever the visitor's orientation. */
export const MEMBER_VIDEOS_SQL = `(SELECT count(*) FROM videos v
  WHERE v.uploader_id = members.id AND v.status_id = 1 AND v.is_private = 0)`;

/** A channel's page lists every listed video of the channel, whatever the visitor's orientation. */
export const CHANNEL_VIDEOS_SQL = `(SELECT count(*) FROM videos v
  WHERE v.channel_id = channels.id AND v.status_id = 1 AND v.is_private = 0)`;

const CATEGORY_VIDEOS_SQL = `(SELECT count(*) FROM video_categories vc CROSS JOIN videos v
  WHERE v.id = vc.video_id AND vc.category_id = categories.id AND v.status_id = 1 AND v.is_private = 0)`;

/**
 * Each count that follows a video into and out of the listings: the assignment that recounts a row, and
 * the rows a set of videos (`json_each(?)` of their ids) belongs to. Members are recounted by their
 * uploader ids instead (apps/api/src/services/videos/publish.service.ts).
 */
const VIDEO_COUNTS = [
  {
    set: `models SET videos_count = ${MODEL_VIDEOS_SQL}`,
    ofVideos: 'SELECT model_id FROM video_models WHERE video_id IN',
  },
  {
    set: `playlists SET videos_count = ${PLAYLIST_VIDEOS_SQL}`,
    ofVideos: 'SELECT playlist_id FROM playlist_videos WHERE video_id IN',
  },
  {
    set: `categories SET total_videos = ${CATEGORY_VIDEOS_SQL}`,
    ofVideos: 'SELECT category_id FROM video_categories WHERE video_id IN',
  },
  {
    set: `channels SET videos_count = ${CHANNEL_VIDEOS_SQL}`,
    ofVideos: 'SELECT channel_id FROM videos WHERE id IN',
  },
] as const;

/**
 * Recounts every model, playlist, category, channel and member: the demo seed's, on its own better-sqlite3
 * connection (raw by decision, like the seed). Everything else recounts inside a Kysely transaction below.
 */
export function refreshListedCounts(sqlite: Database.Database): void {
  for (const c of VIDEO_COUNTS) sqlite.exec(`UPDATE ${c.set}`);
  sqlite.exec(`UPDATE members SET videos_count = ${MEMBER_VIDEOS_SQL}`);
}

/**
 * Recounts the models, playlists, categories and channels of these videos, after they entered or left
 * listings, inside a caller's Kysely transaction (`trx`), on either database.
 */
export async function recountListedOf(
  trx: Kysely<Schema>,
  dialect: DialectName,
  videoIds: readonly number[],
): Promise<void> {
  if (videoIds.length === 0) return;
  for (const c of VIDEO_COUNTS)
    await sql`UPDATE ${sql.raw(c.set)} WHERE id IN (${sql.raw(c.ofVideos)} (SELECT v.id FROM videos v WHERE ${inIdList(dialect, 'v.id', videoIds)}))`.execute(
      trx,
    );
}

/** Recounts these members' listed uploads (their uploads page), inside a caller's Kysely transaction or not. */
export async function recountMemberVideos(
  db: Kysely<Schema>,
  dialect: DialectName,
  memberIds: readonly number[],
): Promise<void> {
  if (memberIds.length === 0) return;
  await sql`UPDATE members SET videos_count = ${sql.raw(MEMBER_VIDEOS_SQL)} WHERE ${inIdList(dialect, 'id', memberIds)}`.execute(
    db,
  );
}

/**
 * Recounts the given models and categories by id, inside a caller's Kysely transaction (`trx`): after a listed
 * video's links changed, the ones it left are no longer found through the video (recountListedOf), so they are
 * named.
 */
export async function recountTaxonomy(
  trx: Kysely<Schema>,
  dialect: DialectName,
  ids: { models: readonly number[]; categories: readonly number[] },
): Promise<void> {
  const [models, , categories] = VIDEO_COUNTS;
  if (ids.models.length)
    await sql`UPDATE ${sql.raw(models.set)} WHERE ${inIdList(dialect, 'id', ids.models)}`.execute(trx);
  if (ids.categories.length)
    await sql`UPDATE ${sql.raw(categories.set)} WHERE ${inIdList(dialect, 'id', ids.categories)}`.execute(
      trx,
    );
}
