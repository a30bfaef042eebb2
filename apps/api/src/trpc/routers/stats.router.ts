import { z } from 'zod';
import { publicProcedure, router, type TrpcContext } from '../trpc';

/** A caller built without the HTTP request (server-side) counts as its member, else as one anonymous. */
const visitorOf = (ctx: TrpcContext) =>
  ctx.visitor?.() ?? { ip: 'server', id: null, memberId: ctx.viewer.memberId };

export const statsRouter = router({
  view: publicProcedure
    .input(z.object({ videoId: z.number().int().positive(), nogeo: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.views.record(input.videoId, {
        country: ctx.requestCountry,
        nogeo: input.nogeo,
        visitor: visitorOf(ctx),
      });
      return { ok: true as const };
    }),

  /** An album page was shown for a second: album_viewed, batched like video views. */
  albumView: publicProcedure
    .input(z.object({ albumId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => ({
      ok: await ctx.services.views.recordAlbum(input.albumId, visitorOf(ctx)),
    })),
});
