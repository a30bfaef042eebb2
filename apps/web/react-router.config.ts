import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { precompress } from '../../scripts/precompress.mjs';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Each page ships the manifest of its own routes; the routes its links lead to are fetched after load in
  // one small JSON request (/__manifest). The whole manifest (every staff and upload route) was 2–3 KB of
  // every first load's JavaScript (docs/decisions/0027-first-paint.md).
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  future: {
    // Data requests keep the trailing slash (/videos/top-rated/2/_.data), matching our strict-slash URLs.
    v8_trailingSlashAwareDataRequests: true,
  },
  // Brotli and gzip files beside every asset, served by negotiation (apps/api/src/http/send-file.ts).
  buildEnd({ reactRouterConfig }) {
    const t = precompress(join(reactRouterConfig.buildDirectory, 'client'));
    console.log(`precompressed ${t.files} assets: ${t.raw} B → br ${t.br} B, gzip ${t.gzip} B`);
  },
} satisfies Config;
