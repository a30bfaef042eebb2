import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';

export const channels = sqliteTable('channels', {
  id: integer('id').primaryKey(),
  dir: text('dir').notNull().unique(),
  title: text('title').notNull(),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  videosCount: integer('videos_count').notNull().default(0),
  subscribersCount: integer('subscribers_count').notNull().default(0),
});
