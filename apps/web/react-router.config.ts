import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { precompress } from '../../scripts/precompress.mjs';

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
  // Brotli and gzip files beside every asset, served by negotiation (apps/api/src/lib/send-file.ts).
  buildEnd({ reactRouterConfig }) {
    const t = precompress(join(reactRouterConfig.buildDirectory, 'client'));
    console.log(`precompressed ${t.files} assets: ${t.raw} B → br ${t.br} B, gzip ${t.gzip} B`);
  },
} satisfies Config;
