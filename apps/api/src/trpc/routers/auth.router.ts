import { isLang } from '@vt/i18n';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const authRouter = router({
  /** Follows an email confirmation link; 400 invalid_token when it is unknown, used or expired. */
  confirm: publicProcedure
    .input(z.object({ token: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => ctx.services.auth.confirm(input.token)),

  /** Follows an email-change link: the new address replaces the old one, which gets a notice. */
  confirmEmail: publicProcedure
    .input(z.object({ token: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) =>
      ctx.services.account.confirmEmailChange(input.token, isLang(ctx.lang) ? ctx.lang : 'en'),
    ),
});
