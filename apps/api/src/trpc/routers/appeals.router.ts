import { z } from 'zod';
import { APPEAL_STATEMENT_MAX, APPEAL_STATEMENT_MIN } from '../../services/moderation/appeals.service';
import { memberProcedure, publicProcedure, router } from '../trpc';

const statement = z.string().trim().min(APPEAL_STATEMENT_MIN).max(APPEAL_STATEMENT_MAX);
const videoId = z.number().int().positive();
/** The decision mail's token: 32 base64url characters (24 random bytes). */
const token = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

/**
 * Appeals (ADR 0037): the uploader of a removed video (signed in; another member's video answers like a
 * missing one), and the person whose removal request was declined (the token of the decision mail).
 */
export const appealsRouter = router({
  removal: memberProcedure
    .input(z.object({ videoId }))
    .query(({ ctx, input }) => ctx.services.moderation.appeals.removal(ctx.memberId, input.videoId)),

  appealRemoval: memberProcedure
    .input(z.object({ videoId, statement }))
    .mutation(({ ctx, input }) =>
      ctx.services.moderation.appeals.appealRemoval(ctx.memberId, input.videoId, input.statement),
    ),

  appealRejection: publicProcedure.input(z.object({ token, statement })).mutation(async ({ ctx, input }) => {
    await ctx.services.limits.hit(['appeal', ctx.clientIp ?? 'unknown']);
    return ctx.services.moderation.appeals.appealRejection(input.token, input.statement);
  }),
});
