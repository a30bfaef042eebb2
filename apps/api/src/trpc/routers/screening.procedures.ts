import { z } from 'zod';
import { BLOCKLIST_MAX_BYTES } from '../../services/screening/blocklists.service';
import { adminProcedure } from '../trpc';

const id = z.number().int().positive();

/**
 * Blocklists and quarantine (ADR 0034), admins only, mounted in the moderation router. Nothing here ever
 * answers a quarantined video's media: only its metadata.
 */
export const screeningProcedures = {
  quarantine: adminProcedure.query(async ({ ctx }) => ({
    items: await ctx.services.blocklists.quarantined(),
    lists: await ctx.services.blocklists.lists(),
  })),

  releaseQuarantined: adminProcedure.input(z.object({ videoId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.blocklists.release(ctx.memberId, input.videoId);
    return { ok: true };
  }),

  deleteQuarantined: adminProcedure.input(z.object({ videoId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.blocklists.deleteForever(ctx.memberId, input.videoId);
    return { ok: true };
  }),

  importBlocklist: adminProcedure
    .input(
      z.object({
        name: z.string().trim().min(1).max(200),
        kind: z.enum(['file', 'fingerprint']),
        // The service counts bytes; this bounds characters the same way.
        text: z.string().min(1).max(BLOCKLIST_MAX_BYTES),
      }),
    )
    .mutation(({ ctx, input }) => ctx.services.blocklists.importList(ctx.memberId, input)),

  removeBlocklist: adminProcedure.input(z.object({ listId: id })).mutation(async ({ ctx, input }) => ({
    removed: await ctx.services.blocklists.removeList(ctx.memberId, input.listId),
  })),

  /** This engine's perceptual list of processed videos, to share with another archive or to test a list. */
  exportFingerprints: adminProcedure
    .input(z.object({ videoIds: z.array(id).min(1).max(1000) }))
    .query(({ ctx, input }) => ctx.services.blocklists.exportFingerprints(input.videoIds)),
};
