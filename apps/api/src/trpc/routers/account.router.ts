import { isLang } from '@vt/i18n';
import { z } from 'zod';
import { COMMENT_CHOICES } from '../../services/members/account-data.service';
import { memberProcedure, router } from '../trpc';

// Lengths are checked by the services with translated field errors; zod only bounds the input.
const text = z.string().max(300).optional();

/** The signed-in member's account settings on /member_edit/ (docs/decisions/0030). */
export const accountRouter = router({
  /** The address on file and the open sessions, for the settings page (never in a cached answer). */
  overview: memberProcedure.query(async ({ ctx }) => ({
    email: await ctx.services.account.email(ctx.memberId),
    sessions: await ctx.services.sessions.list(ctx.memberId, ctx.sessionToken ?? null),
  })),

  /** Signs out one other session; an unknown key (or another member's) answers not found. */
  revokeSession: memberProcedure
    .input(z.object({ key: z.string().regex(/^[0-9a-f]{16}$/) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.sessions.revoke(ctx.memberId, input.key, ctx.sessionToken ?? null)))
        throw ctx.services.account.sessionNotFound();
      return { code: 'session_revoked' };
    }),

  /** "Sign out everywhere else". */
  signOutOthers: memberProcedure.mutation(async ({ ctx }) => ({
    code: 'sessions_revoked',
    count: await ctx.services.sessions.invalidateOthers(ctx.memberId, ctx.sessionToken ?? null),
  })),

  changePassword: memberProcedure
    .input(z.object({ current: text, pwd: text }))
    .mutation(({ ctx, input }) =>
      ctx.services.account.changePassword(ctx.memberId, input, ctx.sessionToken ?? null),
    ),

  changeEmail: memberProcedure
    .input(z.object({ current: text, email: text }))
    .mutation(({ ctx, input }) =>
      ctx.services.account.requestEmailChange(
        ctx.memberId,
        input,
        isLang(ctx.lang) ? ctx.lang : 'en',
        ctx.clientIp ?? 'unknown',
      ),
    ),

  delete: memberProcedure
    .input(z.object({ pwd: text, comments: z.enum(COMMENT_CHOICES) }))
    .mutation(({ ctx, input }) => ctx.services.accountData.deleteAccount(ctx.memberId, input)),
});
