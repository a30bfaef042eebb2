import { toCards } from '../../services/videos/video-card';
import { unfilteredQuery } from '../../services/videos/video-listing.service';
import { publicProcedure, router } from '../trpc';

/** Data of the HTML sitemap and the landing page. */
export const infoRouter = router({
  /** Every category (most videos first) and the top models. */
  sitemap: publicProcedure.query(async ({ ctx }) => {
    const main = await ctx.services.catalog.main(ctx.gender, ctx.lang);
    return { categories: await ctx.services.catalog.categories(ctx.gender, ctx.lang), models: main.models };
  }),

  /** The top categories and a handful of this week's most popular videos. */
  landing: publicProcedure.query(async ({ ctx }) => {
    const main = await ctx.services.catalog.main(ctx.gender, ctx.lang);
    const popular = await ctx.services.listing.list(
      unfilteredQuery({
        gender: ctx.gender,
        sort: 'most-popular',
        date: 'week',
        count: 8,
        page: 1,
        target: { section: 'all' },
      }),
    );
    return { categories: main.categories.slice(0, 12), popular: toCards(popular.items) };
  }),
});
