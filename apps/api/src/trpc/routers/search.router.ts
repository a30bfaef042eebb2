import { DATE_FILTERS, VIDEO_SORTS } from '@vt/rules';
import { z } from 'zod';
import { SEARCH_MAX, SEARCH_MIN } from '../../services/search/search-engine';
import { cardListing } from '../../services/videos/video-card';
import { MAX_PAGE } from '../../services/videos/video-listing.service';
import { publicProcedure, router } from '../trpc';

export const searchRouter = router({
  /** `/search/{page}/?s=`: relevance by default, with the listing filters. */
  videos: publicProcedure
    .input(
      z.object({
        text: z.string().trim().min(SEARCH_MIN).max(SEARCH_MAX),
        sort: z.enum(['relevance', ...VIDEO_SORTS]).default('relevance'),
        page: z.number().int().min(1).max(MAX_PAGE),
        count: z.number().int().min(1).max(100).default(60),
        duration: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
        hdOnly: z.boolean().default(false),
        date: z.enum(DATE_FILTERS).default('all'),
      }),
    )
    .query(async ({ ctx, input }) =>
      cardListing(
        await ctx.services.search.search({
          text: input.text,
          sort: input.sort,
          page: input.page,
          count: input.count,
          filters: { gender: ctx.gender, duration: input.duration, hdOnly: input.hdOnly, date: input.date },
        }),
      ),
    ),
});
