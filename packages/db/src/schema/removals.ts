import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { reports } from './moderation';
import { videos } from './videos';

/**
 * A depicted person's removal request or a non-consensual imagery report that was valid when received
 * (ADR 0037): the US TAKE IT DOWN Act's fields, and the 48-hour deadline counted from that moment.
 */
export const removalRequests = sqliteTable(
  'removal_requests',
  {
    reportId: integer('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** 'removal' (I appear in this video) or 'ncii' (non-consensual intimate imagery). */
    kind: text('kind', { enum: ['removal', 'ncii'] }).notNull(),
    /** The electronic signature: the requester's full name as typed. */
    signature: text('signature').notNull(),
    /** When the requester confirmed, in good faith, that the content is published without consent. */
    goodFaithAt: integer('good_faith_at').notNull(),
    /** Where the content is (the page the form was sent from, or the addresses given). */
    content: text('content').notNull(),
    deadlineAt: integer('deadline_at').notNull(),
    /** The page language the request was sent in: the decision mail is written in it. */
    lang: text('lang').notNull().default('en'),
    /** sha256 of the token in the link of the rejection mail (the requester's appeal), null until rejected. */
    appealTokenHash: text('appeal_token_hash'),
  },
  (t) => [
    index('removal_requests_deadline_idx').on(t.deadlineAt),
    uniqueIndex('removal_requests_token_idx').on(t.appealTokenHash),
  ],
);

/** Each escalation mail to the team, so one is sent once: 'approaching' and 'missed' per request. */
export const deadlineAlerts = sqliteTable(
  'deadline_alerts',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['approaching', 'missed'] }).notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.kind] })],
);

/**
 * Every video removal by moderation (from a report, a DMCA notice, or as a near-duplicate copy of one), with
 * the reason the transparency report counts it under and the status to restore if an appeal reverses it.
 */
export const removals = sqliteTable(
  'removals',
  {
    id: integer('id').primaryKey(),
    // Kept (as null) when the video row is deleted: the transparency report still counts the removal.
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** Removed as a known near-duplicate of this video. */
    copyOf: integer('copy_of'),
    priorStatus: integer('prior_status').notNull(),
    actorId: integer('actor_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    restoredAt: integer('restored_at'),
  },
  (t) => [index('removals_video_idx').on(t.videoId), index('removals_created_idx').on(t.createdAt)],
);

export const APPEAL_KINDS = ['removal', 'rejection'] as const;
export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;

/** An uploader's appeal of a removal, or a requester's appeal of a rejected removal request: one each. */
export const appeals = sqliteTable(
  'appeals',
  {
    id: integer('id').primaryKey(),
    kind: text('kind', { enum: APPEAL_KINDS }).notNull(),
    removalId: integer('removal_id').references(() => removals.id, { onDelete: 'set null' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The uploader who appeals (removal appeals); requesters may be anonymous and are reached by email. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    email: text('email'),
    /** The reason the removal or request was filed under (what the transparency report groups by). */
    ground: text('ground').notNull(),
    statement: text('statement').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    createdAt: integer('created_at').notNull(),
    decidedBy: integer('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('appeals_removal_idx').on(t.removalId),
    uniqueIndex('appeals_report_idx').on(t.reportId),
    index('appeals_status_idx').on(t.status, t.createdAt),
  ],
);
