import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

/**
 * Where a member stopped watching a video, so the player resumes there on any device. Visitors keep
 * theirs in localStorage; this table is read only after the page loads, never for cached HTML.
 */
export const watchPositions = sqliteTable(
  'watch_positions',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSec: integer('position_sec').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.videoId] }),
    // Pruning keeps each member's newest positions only.
    index('watch_positions_member_idx').on(t.memberId, t.updatedAt),
  ],
);

/**
 * A video's WebVTT captions (at most one track per video): small text kept in the database, served
 * under a versioned public URL like the seek-preview VTT. No row: the video has no captions.
 */
export const videoCaptions = sqliteTable('video_captions', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  // BCP 47 language of the track (en, de, …): the <track srclang> and its label.
  lang: text('lang').notNull(),
  vtt: text('vtt').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
