import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

const dir = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

export const channelsRouter = router({
  /** 404 channel_not_found for an unknown dir. */
  get: publicProcedure
    .input(z.object({ dir }))
    .query(({ ctx, input }) => ctx.services.channels.get(input.dir)),
});
