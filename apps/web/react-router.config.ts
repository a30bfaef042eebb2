import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Data requests keep the trailing slash (/videos/top-rated/2/_.data), matching our strict-slash URLs.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
