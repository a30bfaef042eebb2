import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Profile sections a member can hide from others (uploads, albums and playlists have their own privacy). */
export const MEMBER_PRIVATE_SECTIONS = [
  'wall',
  'friends',
  'subscriptions',
  'favourites',
  'history',
  'watch_later',
] as const;
export type MemberPrivateSection = (typeof MEMBER_PRIVATE_SECTIONS)[number];
/** 'deleted' is only the one row anonymised comments are shown under (docs/decisions/0030). */
export const MEMBER_STATUSES = ['unconfirmed', 'active', 'suspended', 'deleted'] as const;

export const members = sqliteTable(
  'members',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('unconfirmed'),
    avatar: text('avatar'),
    cover: text('cover'),
    hasAvatar: integer('has_avatar').notNull().default(0),
    // Profile fields of spec §3; the coded ones use the spec's option ranges.
    gender: integer('gender'),
    birthDate: text('birth_date'),
    relationship: integer('relationship'),
    orientation: integer('orientation'),
    education: text('education'),
    website: text('website'),
    country: text('country'),
    city: text('city'),
    occupation: text('occupation'),
    interests: text('interests'),
    about: text('about'),
    // Profile sections only the member may see, as a comma list of MEMBER_PRIVATE_SECTIONS; the
    // viewing history and watch later start private, like on every tube site.
    privateSections: text('private_sections').notNull().default('history,watch_later'),
    videosCount: integer('videos_count').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch())`),
    lastSeenAt: integer('last_seen_at'),
  },
  (t) => [
    index('members_created_idx').on(t.createdAt),
    index('members_country_idx').on(t.country, t.createdAt),
    index('members_subs_idx').on(t.subscribersCount),
  ],
);

/** Email confirmation and password-restore links: only the hash of the one-time token is stored. */
export const memberTokens = sqliteTable(
  'member_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'restore', 'email'] }).notNull(),
    // The new address an 'email' token confirms.
    payload: text('payload'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('member_tokens_member_idx').on(t.memberId)],
);
