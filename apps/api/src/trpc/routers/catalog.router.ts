import { z } from 'zod';
import { toCard } from '../../services/videos/video-card';
import { publicProcedure, router } from '../trpc';

export const catalogRouter = router({
  main: publicProcedure.query(({ ctx }) => ctx.services.catalog.main(ctx.gender, ctx.lang)),

  /** The countries with views, for the listings' country filter (without main's other lists). */
  countries: publicProcedure.query(({ ctx }) => ctx.services.catalog.countries()),

  /** The shell's menus and tag strip: top categories, top models and the visitor's country. */
  shell: publicProcedure.query(async ({ ctx }) => ({
    ...(await ctx.services.catalog.shell(ctx.gender, ctx.lang)),
    country: ctx.country ?? ctx.requestCountry ?? ctx.defaultCountry,
  })),

  categories: publicProcedure
    .input(
      z.object({ section: z.enum(['videos', 'albums']).default('videos') }).default({ section: 'videos' }),
    )
    .query(({ ctx, input }) => ctx.services.catalog.categoriesFor(input.section, ctx.gender, ctx.lang)),

  /** The categories index's pictures: each category's most popular video, by dir. */
  covers: publicProcedure.query(async ({ ctx }) => {
    const covers = await ctx.services.categoryCovers.covers(ctx.gender);
    return Object.fromEntries(Object.entries(covers).map(([dir, v]) => [dir, toCard(v)]));
  }),
});
