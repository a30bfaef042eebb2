import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from '../system-deps.mjs';
import { benchBulkApprove } from './bulk-approve';
import { benchDialects, describeDialects } from './dialects';
import { benchLighthouse } from './lighthouse';
import {
  measureLatency,
  randomAlbumPaths,
  randomListingPaths,
  randomModelPaths,
  randomPlaylistPaths,
  randomSearchPaths,
  randomSuggesterPaths,
} from './listing-latency';
import { startNginx } from './nginx';
import { benchPages } from './pages';
import { benchQuality, benchRestorationCorpus } from './quality';
import { benchSearchEngines } from './search-engines';
import { BENCH_DATA, ensureBenchDb, startServer, stop } from './server';
import { benchTranscode } from './transcode';
import { benchTusS3 } from './tus-s3';
import { benchTusUpload } from './tus-upload';
import { benchTwoNodes, VIDEOS2_PATH } from './two-nodes';
import { wrk } from './wrk';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 1_000_000);
/** `npm run bench -- --only=tus,transcode` runs some sections: videos2, listing, others, search, search-engines, dialects, bulk, tus, tus-s3, two-nodes, pages, lighthouse, transcode, quality, restoration. */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const want = (section: string) => !ONLY || ONLY.includes(section);
const PORT = 3300;
const NGINX_PORT = 3301;
/** tus-s3's S3-mode node; two-nodes' second node and its nginx listeners (one node, two nodes). */
const S3_NODE_PORT = 3302;
const SECOND_NODE_PORT = 3303;
const PROXY_PORTS = { one: 3304, two: 3305 };
const WRK = { threads: 1, connections: 50, seconds: Number(process.env.BENCH_SECONDS ?? 10) };

if (
  !ensureSystemPackages([
    { bin: 'ffmpeg', pkg: 'ffmpeg' },
    { bin: 'nginx', pkg: 'nginx-light' },
    { bin: 'wrk', pkg: 'wrk' },
  ])
) {
  process.exit(1);
}

const results: Record<string, unknown> = { date: new Date().toISOString(), videos: VIDEOS, wrk: WRK };
const needsServer = [
  'videos2',
  'listing',
  'others',
  'search',
  'bulk',
  'tus',
  'tus-s3',
  'two-nodes',
  'pages',
  'lighthouse',
].some(want);
if (needsServer) ensureBenchDb(VIDEOS);
const server = needsServer ? await startServer(PORT) : null;
const main = needsServer
  ? ((await (await fetch(`http://127.0.0.1:${PORT}/api/json/main/0/straight.en.json`)).json()) as {
      categories: { dir: string }[];
      keywords: string[];
    })
  : { categories: [], keywords: [] };
try {
  // 1. Cached videos2 JSON against nginx serving the same bytes.
  if (want('videos2')) {
    const path = VIDEOS2_PATH;
    const body = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}${path}`)).arrayBuffer());
    const nginxDir = join(process.cwd(), 'data', 'bench-nginx');
    const nginx = startNginx(nginxDir, NGINX_PORT, 'videos2.json', body);
    await new Promise((r) => setTimeout(r, 500));
    let ours: number;
    let ref: number;
    try {
      ref = wrk(`http://127.0.0.1:${NGINX_PORT}/videos2.json`, WRK).requestsPerSec;
      ours = wrk(`http://127.0.0.1:${PORT}${path}`, WRK).requestsPerSec;
    } finally {
      nginx.kill('SIGTERM');
    }
    results.cachedVideos2 = {
      bytes: body.length,
      oursRps: ours,
      nginxRps: ref,
      ratio: ours / ref,
      target: 0.5,
    };
    console.log(
      `cached videos2: ${ours.toFixed(0)} req/s vs nginx ${ref.toFixed(0)} req/s → ratio ${(ours / ref).toFixed(2)} (target ≥ 0.5)`,
    );
  }

  // 2. Uncached listing latency over random sorts, filters and pages 1–50.
  if (want('listing')) {
    const paths = randomListingPaths(
      2000,
      main.categories.slice(0, 20).map((c) => c.dir),
    );
    const lat = await measureLatency(PORT, paths);
    results.uncachedListing = { ...lat, targetP99: 25 };
    console.log(
      `uncached listing (${VIDEOS} videos, n=${lat.n}): p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms, max ${lat.max.toFixed(1)} ms (target p99 < 25 ms)`,
    );
  }

  // 3. Uncached model, album and playlist listings.
  const others = !want('others')
    ? {}
    : {
        modelListing: randomModelPaths(1000),
        albumListing: randomAlbumPaths(
          1000,
          main.categories.slice(0, 20).map((c) => c.dir),
        ),
        playlistListing: randomPlaylistPaths(1000),
      };
  for (const [name, list] of Object.entries(others)) {
    const probe = await fetch(`http://127.0.0.1:${PORT}${list[0]}`);
    if (probe.status !== 200) {
      results[name] = { skipped: `${list[0]} answered ${probe.status}` };
      console.log(`uncached ${name}: skipped, ${list[0]} answered ${probe.status}`);
      continue;
    }
    const l = await measureLatency(PORT, list);
    results[name] = { ...l, targetP99: 25 };
    console.log(
      `uncached ${name} (n=${l.n}): p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms, max ${l.max.toFixed(1)} ms (target p99 < 25 ms)`,
    );
  }

  // 4. Search and suggester (FTS5, uncached: lifetime 0).
  const searches: [string, string[], number][] = !want('search')
    ? []
    : [
        ['search', randomSearchPaths(1000, main.keywords), 30],
        ['suggester', randomSuggesterPaths(1000, main.keywords), 10],
      ];
  for (const [name, list, target] of searches) {
    const l = await measureLatency(PORT, list);
    results[name] = { ...l, targetP95: target };
    console.log(
      `uncached ${name} (n=${l.n}): p50 ${l.p50.toFixed(2)} ms, p95 ${l.p95.toFixed(2)} ms, max ${l.max.toFixed(1)} ms (target p95 < ${target} ms)`,
    );
  }

  // 4b. The search engines themselves, FTS5 against PostgreSQL on the same videos, in-process.
  if (want('search-engines')) {
    ensureBenchDb(VIDEOS);
    const r = await benchSearchEngines(join(BENCH_DATA, 'site.db'));
    results.searchEngines = r;
    if ('skipped' in r) console.log(`search engines: skipped, ${r.skipped}`);
    else
      console.log(
        `search engines (${r.videos} videos): FTS5 search p50/p95/p99 ${r.fts5.search.p50.toFixed(2)}/${r.fts5.search.p95.toFixed(2)}/${r.fts5.search.p99.toFixed(2)} ms, PostgreSQL ${r.postgres.search.p50.toFixed(2)}/${r.postgres.search.p95.toFixed(2)}/${r.postgres.search.p99.toFixed(2)} ms (p99 ×${r.p99Ratio.search.toFixed(2)}); suggester FTS5 p99 ${r.fts5.suggest.p99.toFixed(2)} ms, PostgreSQL ${r.postgres.suggest.p99.toFixed(2)} ms (×${r.p99Ratio.suggest.toFixed(2)}); PostgreSQL index built in ${r.postgresIndexSeconds.toFixed(0)} s (target ≤ ×2)`,
      );
  }

  // 4c. Listing, search and suggester through the services on SQLite and on PostgreSQL, the same site copied
  // into a throwaway PostgreSQL server, interleaved in one process (issue 21).
  if (want('dialects')) {
    ensureBenchDb(VIDEOS);
    const r = await benchDialects(join(BENCH_DATA, 'site.db'));
    results.dialects = r;
    console.log(describeDialects(r));
  }

  // 5. Bulk approval of 100 queued videos in one request.
  if (want('bulk')) {
    const bulk = await benchBulkApprove(`http://127.0.0.1:${PORT}`);
    results.bulkApprove = bulk;
    console.log(
      `bulk approval of ${bulk.videos} queued videos: ${bulk.ms.toFixed(0)} ms in one request (target < 1000 ms)`,
    );
  }

  // 6. A 2 GB tus upload against dd, and the server's memory meanwhile.
  if (want('tus')) {
    const tusResult = await benchTusUpload(`http://127.0.0.1:${PORT}`, join(process.cwd(), 'data', 'bench'));
    results.tusUpload = tusResult;
    console.log(
      `tus 2 GB upload: ${tusResult.tusMBps.toFixed(0)} MB/s vs dd ${tusResult.ddMBps.toFixed(0)} MB/s → ratio ${tusResult.ratio.toFixed(2)} (target ≥ 0.5; tus-js-client ${tusResult.tusJsClientMBps.toFixed(0)} MB/s); server RSS +${tusResult.rssGrowthMB.toFixed(0)} MB (target < 100)`,
    );
  }

  // 6b. The same kind of upload into S3 mode (s3rver in its own process) against local disk, and each node's RSS.
  if (want('tus-s3') && server) {
    const r = await benchTusS3(
      { base: `http://127.0.0.1:${PORT}`, child: server },
      S3_NODE_PORT,
      join(process.cwd(), 'data', 'bench'),
    );
    results.tusS3 = r;
    console.log(
      `tus ${r.bytes / 1024 ** 2} MB upload into S3 mode: ${r.s3MBps.toFixed(0)} MB/s vs local disk ${r.localMBps.toFixed(0)} MB/s → ratio ${r.ratio.toFixed(2)} (median of ${r.rounds.length} interleaved rounds); API node peak RSS ${r.rss.s3.peakMB.toFixed(0)} MB in S3 mode (+${r.rss.s3.growthMB.toFixed(0)}), ${r.rss.local.peakMB.toFixed(0)} MB local (+${r.rss.local.growthMB.toFixed(0)}); s3rver on the same disk is a stand-in for MinIO/S3`,
    );
  }

  // 6c. Cached JSON through nginx with two API nodes against one (same nginx, same wrk settings).
  if (want('two-nodes') && server) {
    const r = await benchTwoNodes({ port: PORT, child: server }, SECOND_NODE_PORT, PROXY_PORTS, WRK);
    results.twoNodes = r;
    console.log(
      `cached videos2 through nginx: two nodes ${r.twoNodesRps.toFixed(0)} req/s vs one node ${r.oneNodeRps.toFixed(0)} req/s → ratio ${r.ratio.toFixed(2)} (median of ${r.rounds.length} interleaved rounds; node CPU during the two-node runs ${r.twoNodesCpuSeconds.join(' s / ')} s; wrk, nginx and both nodes share 2 cores, both nodes on the same SQLite database)`,
    );
  }

  // Pages: uncached renders, the anonymous page cache against the cached JSON, a navigation's bytes,
  // and 200 connections of mixed traffic (scripts/bench/pages.ts).
  if (want('pages') && server?.pid) {
    const pages = await benchPages(PORT, server.pid, { ...WRK, seconds: Math.min(WRK.seconds, 5) });
    const { raw: _raw, ...mixed } = pages.mixed;
    results.pages = { ...pages, mixed };
    for (const [type, r] of Object.entries(pages.uncachedRender))
      console.log(
        `uncached ${type} page (n=${r.n}): p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${(r.htmlBytes / 1024).toFixed(0)} KB HTML, ${(r.payloadBytes / 1024).toFixed(0)} KB hydration data (target p50 ≤ 5 ms)`,
      );
    for (const [label, c] of Object.entries(pages.cached) as [string, Record<string, number>][])
      console.log(
        `cached pages (${label}): home ${c.homeRps!.toFixed(0)} req/s, listing ${c.listingRps!.toFixed(0)} req/s vs cached JSON ${c.jsonRps!.toFixed(0)} req/s → ratios ${c.homeRatio!.toFixed(2)}, ${c.listingRatio!.toFixed(2)} (target ≥ 0.5)`,
      );
    const nav = pages.navigation;
    console.log(
      `listing → video navigation: ${nav.rawBytes} B raw, ${nav.browser.bytes} B ${nav.browser.encoding} (route data alone ${nav.routeOnlyRawBytes} B raw)`,
    );
    console.log(
      `mixed load, 200 connections × ${mixed.seconds} s: ${mixed.requestsPerSec.toFixed(0)} req/s, p50 ${mixed.p50ms.toFixed(1)} ms, p99 ${mixed.p99ms.toFixed(1)} ms, errors ${JSON.stringify(mixed.socketErrors)}, non-2xx ${mixed.non2xx3xx}, server RSS max ${mixed.rssMaxMB.toFixed(0)} MB (target 0 errors, 0 timeouts)`,
    );
  }

  // Lighthouse 12.8 mobile and each page's first load by type in Chromium (scripts/bench/lighthouse.ts).
  if (want('lighthouse')) results.lighthouse = await benchLighthouse(`http://127.0.0.1:${PORT}`);
} finally {
  if (server) stop(server);
}

// 7. Transcode CPU per source minute (no server running, so nothing else competes for the cores).
if (want('transcode')) {
  const transcode = await benchTranscode(join(process.cwd(), 'data', 'bench-media'));
  results.transcode = transcode;
  console.log(
    `transcode CPU per source minute: ours ${transcode.oursCpuPerMinute.toFixed(1)} s, per-rendition baseline ${transcode.baselineCpuPerMinute.toFixed(1)} s → ratio ${transcode.ratio.toFixed(2)} (target ≤ 0.75); overhead vs bare ffmpeg ${(transcode.overhead * 100).toFixed(1)}% (target ≤ 5%), CPU outside ffmpeg ${(transcode.overheadOutsideFfmpeg * 100).toFixed(1)}%; medians of ${transcode.rounds} interleaved rounds`,
  );
}

// 8. Quality per bit of the ladder (SSIM/PSNR per rung, H.264 and AV1) and the restoration corpus (issue 23).
if (want('quality')) results.quality = await benchQuality(join(process.cwd(), 'data', 'bench-quality'));
if (want('restoration')) results.restorationCorpus = await benchRestorationCorpus();

mkdirSync('bench/results', { recursive: true });
// A partial run gets its own file and leaves latest.json to the full runs.
const file = join(
  'bench/results',
  `bench-${new Date().toISOString().slice(0, 10)}${ONLY ? `-${ONLY.join('-')}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
if (!ONLY) writeFileSync(join('bench/results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`results written to ${file}`);
process.exit(0);
