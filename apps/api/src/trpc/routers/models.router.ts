import { MODEL_RACES, MODEL_SORTS, MODEL_TITS_SIZES } from '@vt/rules';
import { z } from 'zod';
import { NO_MODEL_FILTERS } from '../../services/models/model.service';
import { MAX_PAGE } from '../../services/videos/video-listing.service';
import { publicProcedure, router } from '../trpc';

const dir = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);
const code = (max: number) => z.number().int().min(1).max(max).nullable().default(null);

/** The 10 model filters of spec §3 with the spec's ranges; null (or absent) means any. */
export const modelFiltersSchema = z.object({
  alphabet: z
    .string()
    .regex(/^[a-z]$/)
    .nullable()
    .default(null),
  race: z.enum(MODEL_RACES).nullable().default(null),
  age: code(4),
  country: z
    .string()
    .regex(/^[a-z]{2}$/)
    .nullable()
    .default(null),
  titsSize: z.enum(MODEL_TITS_SIZES).nullable().default(null),
  hairColor: code(5),
  height: code(4),
  weight: code(4),
  tattoo: code(2),
  piercing: code(2),
});

export const modelsRouter = router({
  list: publicProcedure
    .input(
      z.object({
        sort: z.enum(MODEL_SORTS),
        page: z.number().int().min(1).max(MAX_PAGE),
        count: z.number().int().min(1).max(100).default(60),
        filters: modelFiltersSchema.default(NO_MODEL_FILTERS),
      }),
    )
    .query(({ ctx, input }) => ctx.services.models.list({ ...input, gender: ctx.gender })),

  countries: publicProcedure.query(({ ctx }) => ctx.services.models.countries(ctx.gender)),

  /** 404 model_not_found for an unknown dir. */
  get: publicProcedure.input(z.object({ dir })).query(({ ctx, input }) => ctx.services.models.get(input.dir)),

  wall: publicProcedure
    .input(z.object({ modelId: z.number().int().positive(), page: z.number().int().min(1).max(MAX_PAGE) }))
    .query(({ ctx, input }) => ctx.services.wall.page('model', input.modelId, input.page)),
});
