import { DATE_FILTERS, VIDEO_SORTS } from '@vt/rules';
import { z } from 'zod';
import { decadeSchema } from '../../services/videos/provenance-rules';
import type { ListingSection } from '../../services/videos/video.dto';
import { cardListing, toCards } from '../../services/videos/video-card';
import { MAX_PAGE, unfilteredQuery } from '../../services/videos/video-listing.service';
import { publicProcedure, router } from '../trpc';

const id = z.number().int().positive();

export const targetSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('all') }),
  z.object({
    section: z.literal('categories'),
    dirs: z
      .array(z.string().regex(/^[a-z0-9-]+$/))
      .min(1)
      .max(3),
  }),
  z.object({ section: z.literal('models'), dir: z.string().regex(/^[a-z0-9-]+$/) }),
  z.object({ section: z.literal('country'), country: z.string().regex(/^[a-z]{2}$/) }),
  z.object({ section: z.literal('playlist'), playlistId: id }),
  z.object({ section: z.literal('channel'), channelId: id }),
]);

export const listInput = z.object({
  sort: z.enum(VIDEO_SORTS),
  page: z.number().int().min(1).max(MAX_PAGE),
  count: z.number().int().min(1).max(100).default(60),
  date: z.enum(DATE_FILTERS).default('all'),
  duration: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
  hdOnly: z.boolean().default(false),
  decade: decadeSchema.optional(),
  target: targetSchema.default({ section: 'all' }),
});

export const videosRouter = router({
  /** Fresh thumbs (duration, views, rating) for the ids of a visitor's local history page. */
  thumbs: publicProcedure
    .input(z.object({ ids: z.array(id).max(100) }))
    .query(async ({ ctx, input }) =>
      toCards(await ctx.services.listing.listedThumbs([...new Set(input.ids)])),
    ),

  list: publicProcedure
    .input(listInput)
    .query(async ({ ctx, input }) =>
      cardListing(await ctx.services.listing.list({ ...input, gender: ctx.gender })),
    ),

  home: publicProcedure
    .input(
      z
        .object({
          country: z
            .string()
            .regex(/^[a-z]{2}$/)
            .optional(),
          /** The home page's loader: its popular and latest blocks load in the browser, near the viewport. */
          topOnly: z.boolean().default(false),
        })
        .default({ topOnly: false }),
    )
    .query(async ({ ctx, input }) => {
      const country = input.country ?? ctx.country ?? ctx.requestCountry ?? ctx.defaultCountry;
      const block = async (
        sort: 'most-popular' | 'latest-updates',
        date: 'day' | 'all',
        target: ListingSection = { section: 'all' },
      ) =>
        toCards(
          (
            await ctx.services.listing.list(
              unfilteredQuery({ gender: ctx.gender, sort, date, count: 25, page: 1, target }),
            )
          ).items,
        );
      const top = await block('most-popular', 'all', { section: 'country', country });
      if (input.topOnly) return { country, top, popular: [], latest: [] };
      return {
        country,
        top,
        popular: await block('most-popular', 'day'),
        latest: await block('latest-updates', 'all'),
      };
    }),

  /** `/top-country/{page}/`: the most watched videos from the visitor's chosen (or detected) country. */
  topCountry: publicProcedure
    .input(z.object({ page: z.number().int().min(1).max(MAX_PAGE) }))
    .query(async ({ ctx, input }) => {
      const country = ctx.country ?? ctx.requestCountry ?? ctx.defaultCountry;
      const listing = await ctx.services.listing.list(
        unfilteredQuery({
          gender: ctx.gender,
          sort: 'most-popular',
          count: 60,
          page: input.page,
          target: { section: 'country', country },
        }),
      );
      return { country, countries: await ctx.services.catalog.countries(), listing: cardListing(listing) };
    }),

  get: publicProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => ctx.services.videos.get(input.id, ctx.lang)),

  related: publicProcedure
    .input(z.object({ id, page: z.number().int().min(1).max(20) }))
    .query(async ({ ctx, input }) => cardListing(await ctx.services.videos.related(input.id, input.page))),

  fileLink: publicProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const path = await ctx.services.videos.mediaPathFor(input.id);
    return path ? { hls: ctx.services.urls.signedHls(path).url } : null;
  }),
});
