import { publicProcedure, router } from '../trpc';

export const catalogRouter = router({
  main: publicProcedure.query(({ ctx }) => ctx.services.catalog.main(ctx.gender, ctx.lang)),
});
