import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const statsRouter = router({
  view: publicProcedure
    .input(z.object({ videoId: z.number().int().positive(), nogeo: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => {
      ctx.services.views.record(input.videoId, {
        country: ctx.requestCountry,
        nogeo: input.nogeo,
        memberId: ctx.viewer.memberId,
      });
      return { ok: true as const };
    }),

  /** An album page was shown for a second: album_viewed, batched like video views. */
  albumView: publicProcedure
    .input(z.object({ albumId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => ({ ok: ctx.services.views.recordAlbum(input.albumId) })),
});
