import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // A handful of routes: ship the whole manifest up front instead of /__manifest requests.
  routeDiscovery: { mode: 'initial' },
  future: {
    // Data requests keep the trailing slash (/videos/top-rated/2/_.data), matching our strict-slash URLs.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
