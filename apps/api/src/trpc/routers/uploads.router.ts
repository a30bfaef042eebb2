import { z } from 'zod';
import { memberProcedure, router } from '../trpc';

const videoId = z.number().int().positive();

export const uploadsRouter = router({
  /**
   * The member's uploads with their state and processing progress (the add-video page polls it), and whether
   * an edit of the published video waits for moderation.
   */
  mine: memberProcedure.query(async ({ ctx }) => {
    const editPending = new Set(await ctx.services.moderation.revisions.pendingVideoIds(ctx.memberId));
    return (await ctx.services.uploads.mine(ctx.memberId)).map((u) => ({
      ...u,
      progress: u.progress ?? 0,
      editPending: u.videoId !== null && editPending.has(u.videoId),
    }));
  }),

  /** The edit dialog's data for one of the member's videos (the pending edit's values if there is one). */
  editForm: memberProcedure
    .input(z.object({ videoId }))
    .query(({ ctx, input }) => ctx.services.moderation.ownVideos.form(ctx.memberId, input.videoId)),

  /** An uploader's edit: 'applied' while the video waits for moderation, 'pending' (a revision) once public. */
  edit: memberProcedure
    .input(
      z.object({
        videoId,
        title: z.string().trim().min(3).max(100),
        description: z.string().trim().max(2000),
        // The service answers too_many_categories / too_many_models with a translated field error.
        categories: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/)).max(20),
        models: z.array(z.number().int().positive()).max(20),
        preview: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('keep') }),
          z.object({ kind: z.literal('frame'), index: z.number().int().min(0).max(10_000) }),
          z.object({ kind: z.literal('image'), token: z.string().regex(/^[a-f0-9]{32}$/) }),
        ]),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { videoId: id, ...edit } = input;
      return { result: await ctx.services.moderation.ownVideos.edit(ctx.memberId, id, edit) };
    }),

  /** Deletes one's own video everywhere (staff: any video); another member's answers like a missing one. */
  delete: memberProcedure.input(z.object({ videoId })).mutation(async ({ ctx, input }) => {
    const staff = ctx.viewer.role === 'moderator' || ctx.viewer.role === 'admin';
    await ctx.services.moderation.ownVideos.delete(ctx.memberId, input.videoId, staff);
    return { deleted: true };
  }),

  /** The edit dialog's pornstar picker: type-ahead over existing models. */
  models: memberProcedure
    .input(z.object({ text: z.string().max(60) }))
    .query(({ ctx, input }) => ctx.services.moderation.ownVideos.searchModels(input.text)),
});
