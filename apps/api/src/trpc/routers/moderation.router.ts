import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../services/audit/audit.service';
import type { QueueKey } from '../../services/moderation/decisions.service';
import { REJECT_REASONS } from '../../services/moderation/reject-reasons';
import { FIELD_CHOICES, SWITCH_CHOICES } from '../../services/moderation/restoration.service';
import { validMonthRange } from '../../services/moderation/transparency.service';
import { adminProcedure, moderatorProcedure, router } from '../trpc';
import { screeningProcedures } from './screening.procedures';

const id = z.number().int().positive();
const note = z.string().trim().max(500).default('');
const queueKey = z
  .string()
  .regex(/^(video|album|edit):\d{1,10}$/)
  .transform((k) => k as QueueKey);
/** Bulk actions take what the queue page shows (at most QUEUE_LIMIT), with room to spare. */
const keys = z.array(queueKey).min(1).max(500);
const groupKey = z.union([z.object({ section: z.string().max(20), id }), z.object({ reportId: id })]);

/** The moderators' and admins' procedures; each one checks the role on the server (trpc.ts). */
export const moderationRouter = router({
  queue: moderatorProcedure.query(async ({ ctx }) => ({
    ...(await ctx.services.moderation.queue.list()),
    rejectReasons: [...REJECT_REASONS] as string[],
  })),

  /** approveCopies: approve full copies held by their fingerprint match (ADR 0034), audited. */
  approve: moderatorProcedure
    .input(z.object({ keys, approveCopies: z.boolean().optional() }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.decisions.approve(ctx.memberId, input.keys, input.approveCopies),
    ),

  reject: moderatorProcedure
    .input(z.object({ keys, reason: z.enum(REJECT_REASONS), note }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.decisions.reject(ctx.memberId, input.keys, input.reason, input.note),
    ),

  /** A moderator's restoration choice for a pending video, re-run from its kept original (ADR 0039). */
  rerunRestoration: moderatorProcedure
    .input(
      z.object({
        videoId: id,
        fields: z.enum(FIELD_CHOICES),
        crop: z.enum(SWITCH_CHOICES),
        loudness: z.enum(SWITCH_CHOICES),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { videoId, ...choice } = input;
      return ctx.services.moderation.restoration.rerun(ctx.memberId, videoId, choice);
    }),

  reports: moderatorProcedure.query(async ({ ctx }) => ({
    groups: await ctx.services.moderation.reports.list(),
    counts: await ctx.services.moderation.reports.counts(),
  })),

  /** The header badge: pending uploads and open reports. */
  counts: moderatorProcedure.query(async ({ ctx }) => ({
    queue: await ctx.services.moderation.queue.count(),
    reports: await ctx.services.moderation.reports.counts(),
    appeals: await ctx.services.moderation.appeals.count(),
  })),

  dismiss: moderatorProcedure.input(z.object({ key: groupKey, note })).mutation(async ({ ctx, input }) => ({
    dismissed: await ctx.services.moderation.reports.dismiss(ctx.memberId, input.key, input.note),
  })),

  takeDown: moderatorProcedure.input(z.object({ videoId: id, note })).mutation(async ({ ctx, input }) => ({
    ok: true,
    ...(await ctx.services.moderation.reports.takeDown(ctx.memberId, input.videoId, input.note)),
  })),

  /** Open appeals of removals and of rejected removal requests (ADR 0037). */
  appeals: moderatorProcedure.query(async ({ ctx }) => ({
    appeals: await ctx.services.moderation.appeals.list(),
  })),

  decideAppeal: moderatorProcedure
    .input(z.object({ appealId: id, reverse: z.boolean(), note }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.appeals.decide(ctx.memberId, input.appealId, input.reverse, input.note),
    ),

  /** The monthly transparency report (also exported as CSV and JSON by moderation.routes). */
  transparency: adminProcedure
    .input(
      z
        .object({ from: z.string().max(7), to: z.string().max(7) })
        .refine((r) => validMonthRange(r.from, r.to), { message: 'bad_range' }),
    )
    .query(async ({ ctx, input }) => ({
      rows: await ctx.services.moderation.transparency.report(input.from, input.to),
    })),

  /** Attaches (or replaces) a video's WebVTT captions track; 400 invalid_captions with the reason. */
  setCaptions: moderatorProcedure
    .input(
      z.object({
        videoId: id,
        lang: z.string().trim().toLowerCase().max(8),
        vtt: z.string().max(600_000),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.services.moderation.captions.set(ctx.memberId, input.videoId, input.lang, input.vtt);
      return { ok: true };
    }),

  removeCaptions: moderatorProcedure.input(z.object({ videoId: id })).mutation(async ({ ctx, input }) => ({
    removed: await ctx.services.moderation.captions.remove(ctx.memberId, input.videoId),
  })),

  deleteComment: moderatorProcedure
    .input(z.object({ commentId: id, note }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.moderation.reports.deleteComment(ctx.memberId, input.commentId, input.note);
      return { ok: true };
    }),

  ban: moderatorProcedure
    .input(z.object({ memberId: id, note }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.reports.ban(ctx.memberId, input.memberId, input.note),
    ),

  unban: moderatorProcedure
    .input(z.object({ memberId: id, note }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.reports.unban(ctx.memberId, input.memberId, input.note),
    ),

  takedowns: moderatorProcedure
    .input(z.object({ page: z.number().int().min(1).max(10_000).default(1) }))
    .query(({ ctx, input }) => ctx.services.moderation.takedowns.list(input.page)),

  createTakedown: moderatorProcedure
    .input(
      z.object({
        claimant: z.string().trim().min(2).max(200),
        claimantEmail: z.email().max(200),
        work: z.string().trim().min(3).max(1000),
        urls: z.array(z.string().trim().min(1).max(2000)).min(1).max(200),
        reportId: id.optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.services.moderation.takedowns.create(ctx.memberId, input)),

  audit: adminProcedure
    .input(
      z.object({
        actorId: id.optional(),
        action: z.enum(AUDIT_ACTIONS).optional(),
        from: z.number().int().min(0).optional(),
        to: z.number().int().min(0).optional(),
        page: z.number().int().min(1).max(10_000).default(1),
      }),
    )
    .query(async ({ ctx, input }) => ({
      ...(await ctx.services.moderation.audit.list(input)),
      actors: await ctx.services.moderation.audit.actors(),
      actions: AUDIT_ACTIONS,
    })),

  staff: adminProcedure.query(({ ctx }) => ctx.services.moderation.team.staff()),

  findMembers: adminProcedure
    .input(z.object({ query: z.string().trim().min(1).max(50) }))
    .query(({ ctx, input }) => ctx.services.moderation.team.find(input.query)),

  setModerator: adminProcedure
    .input(z.object({ memberId: id, moderator: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.team.setModerator(ctx.memberId, input.memberId, input.moderator),
    ),

  // Blocklists and quarantine, admins only (ADR 0034).
  ...screeningProcedures,
});
