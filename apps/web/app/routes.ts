import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { VIDEO_SORTS } from './lib/sorts';

// Mirrors the route table of spec §2 for the parts built so far. Paths are matched without the
// trailing slash; the server has already redirected to the slash form.
export default [
  index('routes/home.tsx'),
  route('videos', 'routes/videos-redirect.tsx'),
  // /videos/{sort}/{page}/ by sort, in a module of its own, so a listing loads no video page code.
  ...[...VIDEO_SORTS, 'history'].map((sort) =>
    route(`videos/${sort}/:page?`, 'routes/video-listing.tsx', { id: `videos-${sort}` }),
  ),
  // /videos/{id}/{dir}/; an unknown sort in that shape goes to the 404 page from here.
  route('videos/:key/:sub?', 'routes/videos-entry.tsx'),
  ...(['latest-updates', 'top-rated', 'most-commented', 'most-popular'] as const).map((sort) =>
    route(`${sort}/:page?`, 'routes/legacy-sort-redirect.tsx', { id: `legacy-${sort}` }),
  ),
  route('albums', 'routes/albums-redirect.tsx'),
  route('albums/categories/:objectId/:page?', 'routes/albums-categories-redirect.tsx'),
  // /albums/{sort}/{page}/ and the old /albums/{id}/{dir?}/ share a shape; the module tells them apart.
  route('albums/:key/:sub?', 'routes/albums-entry.tsx'),
  route('album/:id/:dir?', 'routes/album.tsx'),
  route('models', 'routes/models-redirect.tsx'),
  route('models/:dir/videos/:page?', 'routes/models-tab-redirect.tsx', { id: 'models-videos-redirect' }),
  route('models/:dir/wall/:page?', 'routes/models-tab-redirect.tsx', { id: 'models-wall-redirect' }),
  route('models/:sort/:page?', 'routes/models-entry.tsx'),
  route('model/:dir/:tab?/:page?', 'routes/model.tsx'),
  // `/channel/{dir}/` (latest videos, page 1) and `/channel/{dir}/{sort}/{page}/`.
  route('channel/:dir/:sort?/:page?', 'routes/channel.tsx'),
  route('information', 'routes/information.tsx'),
  route('information/:page', 'routes/information-page.tsx'),
  route('sitemap-page', 'routes/sitemap-page.tsx'),
  route('landing', 'routes/landing.tsx'),
  // The player alone, for other sites' iframes: no header, footer or navigation.
  route('embed/:id/:dir?', 'routes/embed.tsx'),
  route('history/:page?', 'routes/history.tsx'),
  route('top-country/:page?', 'routes/top-country.tsx'),
  route('playlists/:sort?/:page?', 'routes/playlists.tsx'),
  route('playlist/:id/:page?', 'routes/playlist.tsx'),
  route('community/:sort?/:page?', 'routes/community.tsx'),
  route('members/:id/:tab?/:page?', 'routes/member.tsx'),
  route('categories', 'routes/categories-index.tsx'),
  // `/categories/{dirs}/{sort}/{page}/` plus its two redirecting shorter forms.
  route('categories/:ids/:first?/:second?', 'routes/categories-listing.tsx'),
  route('search/:page?', 'routes/search.tsx'),
  route('messages', 'routes/messages.tsx'),
  route('messages/:id', 'routes/conversation.tsx'),
  route('notifications/:page?', 'routes/notifications.tsx'),
  route('member_edit', 'routes/member-edit.tsx'),
  route('add-video', 'routes/add-video.tsx'),
  route('moderation', 'routes/moderation.tsx', [
    index('routes/moderation-queue.tsx'),
    route('reports', 'routes/moderation-reports.tsx'),
    route('takedowns', 'routes/moderation-takedowns.tsx'),
    route('appeals', 'routes/moderation-appeals.tsx'),
    route('transparency', 'routes/moderation-transparency.tsx'),
    route('team', 'routes/moderation-team.tsx'),
    route('audit', 'routes/moderation-audit.tsx'),
    route('quarantine', 'routes/moderation-quarantine.tsx'),
  ]),
  route('appeal', 'routes/appeal.tsx'),
  route('create-album', 'routes/create-album.tsx'),
  route('album_edit/:id', 'routes/album-edit.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('confirm', 'routes/confirm.tsx'),
  route('restore', 'routes/restore.tsx'),
  route('restore-', 'routes/restore-token.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
