import { index, type RouteConfig, route } from '@react-router/dev/routes';

// Mirrors the route table of spec §2 for the parts built so far. Paths are matched without the
// trailing slash; the server has already redirected to the slash form.
export default [
  index('routes/home.tsx'),
  route('videos', 'routes/videos-redirect.tsx'),
  // /videos/{id}/{dir}/ and /videos/{sort}/{page}/ share a shape; the module tells them apart.
  route('videos/:key/:sub?', 'routes/videos-entry.tsx'),
  ...(['latest-updates', 'top-rated', 'most-commented', 'most-popular'] as const).map((sort) =>
    route(`${sort}/:page?`, 'routes/legacy-sort-redirect.tsx', { id: `legacy-${sort}` }),
  ),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
