import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const catalogRouter = router({
  main: publicProcedure.query(({ ctx }) => ctx.services.catalog.main(ctx.gender, ctx.lang)),

  categories: publicProcedure
    .input(
      z.object({ section: z.enum(['videos', 'albums']).default('videos') }).default({ section: 'videos' }),
    )
    .query(({ ctx, input }) => ctx.services.catalog.categoriesFor(input.section, ctx.gender, ctx.lang)),
});
