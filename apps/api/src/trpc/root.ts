import { catalogRouter } from './routers/catalog.router';
import { statsRouter } from './routers/stats.router';
import { videosRouter } from './routers/videos.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  videos: videosRouter,
  stats: statsRouter,
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type ApiCaller = ReturnType<typeof createCaller>;
