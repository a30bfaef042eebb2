import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

/** What a comment, vote, subscription or wall post is attached to. */
export const SECTIONS = ['video', 'album', 'model', 'member', 'playlist', 'channel'] as const;
export type Section = (typeof SECTIONS)[number];

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey(),
    section: text('section', { enum: SECTIONS }).notNull(),
    objectId: integer('object_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    addedDate: integer('added_date').notNull(),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [
    index('comments_object_idx').on(t.section, t.objectId, t.addedDate),
    index('comments_member_idx').on(t.memberId),
  ],
);

export const votes = sqliteTable(
  'votes',
  {
    section: text('section', { enum: SECTIONS }).notNull(),
    objectId: integer('object_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    vote: integer('vote').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.section, t.objectId, t.memberId] })],
);

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    section: text('section', { enum: SECTIONS }).notNull(),
    objectId: integer('object_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.section, t.objectId] }),
    index('subscriptions_object_idx').on(t.section, t.objectId),
  ],
);

export const MEMBER_LISTS = ['favourites', 'watch_later'] as const;

/** Favourites and watch later. */
export const memberLists = sqliteTable(
  'member_lists',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    list: text('list', { enum: MEMBER_LISTS }).notNull(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.list, t.videoId] }),
    index('member_lists_recent_idx').on(t.memberId, t.list, t.addedAt),
  ],
);

/** Server-side watch history of members (visitors keep theirs in localStorage). */
export const watchHistory = sqliteTable(
  'watch_history',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewedAt: integer('viewed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.videoId] }),
    index('watch_history_recent_idx').on(t.memberId, t.viewedAt),
  ],
);

/** One row per direction once accepted; a pending request is the requester's row only. */
export const friends = sqliteTable(
  'friends',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.friendId] }),
    index('friends_friend_idx').on(t.friendId, t.status),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey(),
    fromId: integer('from_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
    deletedBySender: integer('deleted_by_sender').notNull().default(0),
    deletedByRecipient: integer('deleted_by_recipient').notNull().default(0),
  },
  (t) => [
    index('messages_to_idx').on(t.toId, t.createdAt),
    index('messages_from_idx').on(t.fromId, t.createdAt),
    index('messages_unread_idx').on(t.toId, t.readAt),
  ],
);

export const wallPosts = sqliteTable(
  'wall_posts',
  {
    id: integer('id').primaryKey(),
    section: text('section', { enum: ['member', 'model'] }).notNull(),
    objectId: integer('object_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [index('wall_posts_object_idx').on(t.section, t.objectId, t.createdAt)],
);
