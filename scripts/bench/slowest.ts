// Ranks the slowest uncached listing queries in-process (no HTTP), to see what limits the p99.
import { openDb } from '@vt/db';
import { createServices } from '../../apps/api/src/container';
import { parseVideos2 } from '../../apps/api/src/legacy/paths';
import { IN_PROCESS_CONFIG } from './in-process-config';
import { randomListingPaths } from './listing-latency';

const db = openDb(process.argv[2] ?? 'data/bench/site.db');
const services = createServices({
  db,
  config: IN_PROCESS_CONFIG,
});
const cats = (await services.catalog.categories('straight', 'en', 20)).map((c) => c.dir);
const paths = randomListingPaths(2000, cats);
const times: [number, string][] = [];
for (const p of paths) {
  const q = parseVideos2(p.slice('/api/json/videos2/'.length, -5));
  const t0 = performance.now();
  await services.listing.list(q);
  times.push([performance.now() - t0, p]);
}
times.sort((a, b) => b[0] - a[0]);
const sorted = times.map((t) => t[0]).sort((a, b) => a - b);
console.log('p50', sorted[1000].toFixed(2), 'p99', sorted[1980].toFixed(2));
for (const [ms, p] of times.slice(0, 30)) console.log(ms.toFixed(1), p);
