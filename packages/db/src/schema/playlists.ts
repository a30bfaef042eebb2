import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { ORIENTATIONS, videos } from './videos';

export const playlists = sqliteTable(
  'playlists',
  {
    id: integer('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: integer('is_private').notNull().default(0),
    orientation: text('orientation', { enum: ORIENTATIONS }).notNull().default('straight'),
    videosCount: integer('videos_count').notNull().default(0),
    viewed: integer('viewed').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('playlists_member_idx').on(t.memberId, t.updatedAt),
    index('playlists_popular_idx').on(t.orientation, t.isPrivate, t.viewed),
    index('playlists_recent_idx').on(t.orientation, t.isPrivate, t.updatedAt),
  ],
);

export const playlistVideos = sqliteTable(
  'playlist_videos',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_videos_pos_idx').on(t.playlistId, t.position),
    index('playlist_videos_video_idx').on(t.videoId),
  ],
);
