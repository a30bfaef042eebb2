import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';

export const REPORT_SUBJECTS = ['copyright', 'technical', 'inappropriate', 'advertising', 'removal'] as const;

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
  (t) => [index('notifications_member_idx').on(t.memberId, t.createdAt)],
);
