import { VERSION_MODES } from '@vt/db';
import { z } from 'zod';
import { moderatorProcedure, router } from '../trpc';

const id = z.number().int().positive();
/** The other video: its id or any of its URLs (page, embed, JSON). */
const ref = z.string().trim().min(1).max(2000);

/** Version groups (ADR 0035): moderators and admins only; each change audited, public caches purged. */
export const versionsRouter = router({
  /** The group a video is in (canonical and versions), or null. */
  group: moderatorProcedure
    .input(z.object({ videoId: id }))
    .query(({ ctx, input }) => ctx.services.moderation.versions.groupOf(input.videoId)),

  /** Makes the video named by `ref` a version of `canonicalId` (or of `ref` when `asCanonical`). */
  add: moderatorProcedure
    .input(
      z.object({ videoId: id, ref, mode: z.enum(VERSION_MODES), asCanonical: z.boolean().default(false) }),
    )
    .mutation(({ ctx, input }) => {
      const v = ctx.services.moderation.versions;
      const other = v.resolve(input.ref);
      return input.asCanonical
        ? v.group(ctx.memberId, other, input.videoId, input.mode)
        : v.group(ctx.memberId, input.videoId, other, input.mode);
    }),

  makeCanonical: moderatorProcedure
    .input(z.object({ videoId: id }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.versions.makeCanonical(ctx.memberId, input.videoId),
    ),

  ungroup: moderatorProcedure
    .input(z.object({ videoId: id }))
    .mutation(({ ctx, input }) => ctx.services.moderation.versions.ungroup(ctx.memberId, input.videoId)),
});
