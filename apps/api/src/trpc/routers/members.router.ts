import { z } from 'zod';
import { MEMBER_SORTS } from '../../services/members/member-directory.service';
import { MEMBER_VIDEO_LISTS, VIDEO_LIST_PRIVACY } from '../../services/members/member-profile.service';
import { cardListing } from '../../services/videos/video-card';
import { MAX_PAGE, unfilteredQuery } from '../../services/videos/video-listing.service';
import { publicProcedure, router } from '../trpc';

const id = z.number().int().positive();
const page = z.number().int().min(1).max(MAX_PAGE);
const code = (max: number) => z.number().int().min(1).max(max).nullable().default(null);

export const membersRouter = router({
  list: publicProcedure
    .input(
      z.object({
        sort: z.enum(MEMBER_SORTS),
        page: z.number().int().min(1).max(MAX_PAGE),
        count: z.number().int().min(1).max(100).default(96),
        filters: z.object({
          country: z
            .string()
            .regex(/^[a-z]{2}$/)
            .nullable()
            .default(null),
          gender: code(3),
          age: code(4),
          relationship: code(3),
          avatar: code(2),
          orientation: code(5),
        }),
        search: z.string().trim().max(69).nullable().default(null),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.services.members.list({
        ...input,
        filters: input.filters as Parameters<typeof ctx.services.members.list>[0]['filters'],
        search: input.search || null,
      }),
    ),

  /** An active member's profile and which sections the viewer may open; 404 member_not_found. */
  profile: publicProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const profile = await ctx.services.profiles.get(input.id);
    return { profile, isOwner: ctx.viewer.memberId === profile.id };
  }),

  wall: publicProcedure.input(z.object({ id, page })).query(async ({ ctx, input }) => {
    await ctx.services.profiles.assertCanView(input.id, 'wall', ctx.viewer.memberId);
    return ctx.services.wall.page('member', input.id, input.page);
  }),

  friends: publicProcedure.input(z.object({ id, page })).query(async ({ ctx, input }) => {
    await ctx.services.profiles.assertCanView(input.id, 'friends', ctx.viewer.memberId);
    return ctx.services.profiles.friends(input.id, input.page);
  }),

  subscriptions: publicProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    await ctx.services.profiles.assertCanView(input.id, 'subscriptions', ctx.viewer.memberId);
    return ctx.services.profiles.subscriptions(input.id);
  }),

  /** Uploaded videos, favourites, watch later or history; 403 permission_denied where private. */
  videos: publicProcedure
    .input(
      z.object({
        id,
        list: z.enum(MEMBER_VIDEO_LISTS),
        page,
        count: z.number().int().min(1).max(100).default(60),
      }),
    )
    .query(async ({ ctx, input }) => {
      const guard = VIDEO_LIST_PRIVACY[input.list];
      if (guard) await ctx.services.profiles.assertCanView(input.id, guard, ctx.viewer.memberId);
      else await ctx.services.profiles.get(input.id);
      return cardListing(
        await ctx.services.listing.list(
          unfilteredQuery({
            gender: ctx.gender,
            count: input.count,
            page: input.page,
            target: { section: 'member', memberId: input.id, list: input.list },
          }),
        ),
      );
    }),
});
