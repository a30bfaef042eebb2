import { z } from 'zod';
import { MEMBER_SORTS } from '../../services/member-list.service';
import { MAX_PAGE } from '../../services/video-listing.service';
import { publicProcedure, router } from '../trpc';

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
});
