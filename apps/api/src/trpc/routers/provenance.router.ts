import { z } from 'zod';
import {
  LICENCE_BASES,
  ORIGINAL_FORMATS,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
} from '../../services/videos/provenance-rules';
import { memberProcedure, moderatorProcedure, publicProcedure, router } from '../trpc';

const videoId = z.number().int().positive();
const year = z.union([z.number().int(), z.string().max(4)]).nullish();
const blankOr = <T extends z.ZodTypeAny>(schema: T) => z.union([schema, z.literal('')]).nullish();

/** The record as a form sends it; parseProvenance (the service) decides ranges and agreement. */
export const provenanceInput = z.object({
  year,
  decade: year,
  studio: z
    .string()
    .max(STUDIO_MAX * 2)
    .nullish(),
  rightsHolder: z
    .string()
    .max(RIGHTS_HOLDER_MAX * 2)
    .nullish(),
  licenceBasis: blankOr(z.enum(LICENCE_BASES)),
  originalFormat: blankOr(z.enum(ORIGINAL_FORMATS)),
  recordsRef: z
    .string()
    .max(RECORDS_REF_MAX * 2)
    .nullish(),
});

export const provenanceRouter = router({
  /** A public video's record and its 2257 basis; null for anything visitors cannot see. */
  ofVideo: publicProcedure.input(z.object({ id: videoId })).query(async ({ ctx, input }) => {
    if ((await ctx.services.videos.state(input.id)) !== 'active') return null;
    return ctx.services.provenance.forPage(input.id);
  }),

  /** A moderator's view: the record and what the approval rule misses. */
  staff: moderatorProcedure
    .input(z.object({ videoId }))
    .query(({ ctx, input }) => ctx.services.provenance.forStaff(input.videoId)),

  /** The queue's items at once (a queue page shows up to 200). */
  staffMany: moderatorProcedure
    .input(z.object({ videoIds: z.array(videoId).max(200) }))
    .query(async ({ ctx, input }) =>
      Object.fromEntries(
        await Promise.all(
          input.videoIds.map(async (id) => [id, await ctx.services.provenance.forStaff(id)] as const),
        ),
      ),
    ),

  /** A moderator's change: audited, public pages purged. */
  set: moderatorProcedure
    .input(z.object({ videoId, record: provenanceInput }))
    .mutation(({ ctx, input }) =>
      ctx.services.provenance.setByModerator(ctx.memberId, input.videoId, input.record),
    ),

  /** An uploader's own video, until its first approval. */
  setOwn: memberProcedure
    .input(z.object({ videoId, record: provenanceInput }))
    .mutation(({ ctx, input }) =>
      ctx.services.provenance.setByUploader(ctx.memberId, input.videoId, input.record),
    ),

  /** The uploader's own record of a video awaiting approval (the edit form's values). */
  own: memberProcedure.input(z.object({ videoId })).query(({ ctx, input }) => {
    return ctx.services.provenance.ownRecord(ctx.memberId, input.videoId);
  }),
});
