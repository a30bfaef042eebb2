import { z } from 'zod';
import {
  NOTIFICATION_GROUPS,
  NOTIFICATIONS_MAX_PAGE,
} from '../../services/notifications/notifications.service';
import { memberProcedure, router } from '../trpc';

const id = z.number().int().positive();

/** The signed-in member's notification centre (ADR 0028): only ever their own rows. */
export const notificationsRouter = router({
  list: memberProcedure
    .input(z.object({ page: z.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE).default(1) }))
    .query(({ ctx, input }) => ctx.services.notifications.page(ctx.memberId, input.page)),

  unread: memberProcedure.query(({ ctx }) => ctx.services.notifications.unread(ctx.memberId)),

  /** Another member's notification answers `notification_not_found`, like a missing one. */
  read: memberProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => ctx.services.notifications.markOne(ctx.memberId, input.id)),

  readAll: memberProcedure.mutation(async ({ ctx }) => {
    await ctx.services.notifications.markRead(ctx.memberId);
    return { unread: 0 };
  }),

  prefs: memberProcedure.query(({ ctx }) => ctx.services.notifications.prefs(ctx.memberId)),

  savePrefs: memberProcedure
    .input(
      z.object({
        muted: z.array(z.enum(NOTIFICATION_GROUPS)).max(NOTIFICATION_GROUPS.length),
        digest: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.services.notifications.savePrefs(ctx.memberId, input, ctx.lang)),
});
