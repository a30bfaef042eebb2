import { accountRouter } from './routers/account.router';
import { albumsRouter } from './routers/albums.router';
import { appealsRouter } from './routers/appeals.router';
import { authRouter } from './routers/auth.router';
import { catalogRouter } from './routers/catalog.router';
import { channelsRouter } from './routers/channels.router';
import { commentsRouter } from './routers/comments.router';
import { infoRouter } from './routers/info.router';
import { meRouter } from './routers/me.router';
import { membersRouter } from './routers/members.router';
import { modelsRouter } from './routers/models.router';
import { moderationRouter } from './routers/moderation.router';
import { notificationsRouter } from './routers/notifications.router';
import { playlistsRouter } from './routers/playlists.router';
import { provenanceRouter } from './routers/provenance.router';
import { searchRouter } from './routers/search.router';
import { statsRouter } from './routers/stats.router';
import { uploadsRouter } from './routers/uploads.router';
import { versionsRouter } from './routers/versions.router';
import { videosRouter } from './routers/videos.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  videos: videosRouter,
  stats: statsRouter,
  search: searchRouter,
  uploads: uploadsRouter,
  catalog: catalogRouter,
  playlists: playlistsRouter,
  members: membersRouter,
  me: meRouter,
  albums: albumsRouter,
  models: modelsRouter,
  channels: channelsRouter,
  comments: commentsRouter,
  info: infoRouter,
  moderation: moderationRouter,
  notifications: notificationsRouter,
  versions: versionsRouter,
  provenance: provenanceRouter,
  appeals: appealsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type ApiCaller = ReturnType<typeof createCaller>;
