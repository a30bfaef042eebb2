import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';

/** Sessions per the Lucia guide: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    userAgent: text('user_agent'),
    // Refreshed at most every few minutes, for the member's list of sessions.
    lastSeenAt: integer('last_seen_at'),
  },
  (t) => [index('sessions_member_idx').on(t.memberId), index('sessions_expires_idx').on(t.expiresAt)],
);
