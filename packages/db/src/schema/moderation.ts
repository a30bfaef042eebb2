import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

export const REPORT_SUBJECTS = [
  'copyright',
  'technical',
  'inappropriate',
  'advertising',
  'removal',
  'ncii',
] as const;

export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey(),
    subject: text('subject', { enum: REPORT_SUBJECTS }).notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    referrer: text('referrer'),
    targetSection: text('target_section'),
    targetId: integer('target_id'),
    filePath: text('file_path'),
    // Removal requests by a depicted person go to the top of the queue.
    priority: integer('priority').notNull().default(0),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    reporterId: integer('reporter_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => members.id, { onDelete: 'set null' }),
    // What the moderator did: dismissed, taken_down, comment_deleted, uploader_banned.
    resolution: text('resolution'),
  },
  (t) => [
    index('reports_queue_idx').on(t.status, t.priority, t.createdAt),
    index('reports_target_idx').on(t.targetSection, t.targetId),
  ],
);

/** DMCA and other copyright takedown records, kept after the content is gone. */
export const takedowns = sqliteTable('takedowns', {
  id: integer('id').primaryKey(),
  claimant: text('claimant').notNull(),
  claimantEmail: text('claimant_email').notNull(),
  work: text('work').notNull(),
  urls: text('urls', { mode: 'json' }).$type<string[]>().notNull(),
  videoIds: text('video_ids', { mode: 'json' }).$type<number[]>().notNull(),
  reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
});

/** Append-only: nothing updates or deletes rows here. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    actorId: integer('actor_id').references(() => members.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    reason: text('reason'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('audit_actor_idx').on(t.actorId, t.createdAt),
    index('audit_action_idx').on(t.action, t.createdAt),
    index('audit_created_idx').on(t.createdAt),
  ],
);

/** Messages the site sends a member (upload approved or rejected…): a code and parameters, translated on display. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [
    index('notifications_member_idx').on(t.memberId, t.createdAt),
    // The bell's count on every signed-in page: only the unread rows.
    index('notifications_unread_idx').on(t.memberId).where(sql`read_at IS NULL`),
  ],
);

/**
 * What a member chose to be told (ADR 0028): the kinds they muted, whether they get the daily digest, the
 * language it is written in, and when the last one went out (never twice a day).
 */
export const notificationPrefs = sqliteTable('notification_prefs', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** Comma list of muted preference groups (NOTIFICATION_GROUPS). */
  muted: text('muted').notNull().default(''),
  digest: integer('digest').notNull().default(0),
  lang: text('lang').notNull().default('en'),
  /** Notifications up to this time went into a digest. */
  digestSentAt: integer('digest_sent_at'),
});

export const REVISION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * An uploader's edit of a published video, held for moderation: the video keeps its public title,
 * description and images until a moderator approves. `fields` holds only what the edit changes.
 */
export const videoRevisions = sqliteTable(
  'video_revisions',
  {
    id: integer('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    fields: text('fields', { mode: 'json' }).$type<{ title?: string; description?: string }>().notNull(),
    // Under the uploads directory, out of the public media tree until approved.
    previewPath: text('preview_path'),
    status: text('status', { enum: REVISION_STATUSES }).notNull().default('pending'),
    createdAt: integer('created_at').notNull(),
    decidedBy: integer('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    note: text('note'),
  },
  (t) => [
    // One pending edit per video: a newer edit replaces it.
    uniqueIndex('video_revisions_pending_idx').on(t.videoId).where(sql`status = 'pending'`),
    index('video_revisions_status_idx').on(t.status, t.createdAt),
  ],
);
