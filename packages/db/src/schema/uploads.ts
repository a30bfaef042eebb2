import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';

/** A resumable (tus) upload from first byte to the video or album it became. */
export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['video', 'album'] }).notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    received: integer('received').notNull().default(0),
    contentHash: text('content_hash'),
    status: text('status', { enum: ['uploading', 'complete', 'processing', 'done', 'failed', 'expired'] })
      .notNull()
      .default('uploading'),
    meta: text('meta', { mode: 'json' }).$type<Record<string, unknown>>(),
    videoId: integer('video_id'),
    albumId: integer('album_id'),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    index('uploads_member_idx').on(t.memberId, t.status),
    index('uploads_expires_idx').on(t.status, t.expiresAt),
    index('uploads_hash_idx').on(t.contentHash),
  ],
);
