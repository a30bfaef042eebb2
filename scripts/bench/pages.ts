import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { percentile } from './listing-latency';
import { median } from './median';
import { wrk } from './wrk';

/** What browsers send; wrk sends no Accept-Encoding unless told. */
const BROWSER_ENCODING = 'gzip, deflate, br';
const JSON_PATH = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';

interface Video {
  video_id: number;
  dir: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

type Got = { ms: number; status: number; body: Buffer; headers: Record<string, unknown> };

/** One GET on a kept-alive connection; a connection the server closed while idle is replaced once. */
async function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Got> {
  try {
    return await getOnce(port, path, headers);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') throw err;
    return getOnce(port, path, headers);
  }
}

function getOnce(port: number, path: string, headers: Record<string, string>): Promise<Got> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The react-router hydration payload inside a page: what the SSR serialises for the client. */
function payloadBytes(html: string): number {
  let n = 0;
  for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
    if (m[1]!.includes('__reactRouterContext')) n += Buffer.byteLength(m[1]!);
  return n;
}

async function videos(port: number, pages: number): Promise<Video[]> {
  const out: Video[] = [];
  for (let p = 1; p <= pages; p++) {
    const r = await get(port, `/api/json/videos2/0/straight/latest-updates/60/all..${p}.all.0.all.json`);
    out.push(...(JSON.parse(r.body.toString()) as { videos: Video[] }).videos);
  }
  return out;
}

/**
 * Uncached render time per page type: every path is asked once, so each is a page-cache miss (the render,
 * the loaders' service calls, serialisation and storing the entry).
 */
async function uncachedRenders(port: number, paths: Record<string, string[]>) {
  const out: Record<
    string,
    { n: number; p50: number; p99: number; htmlBytes: number; payloadBytes: number }
  > = {};
  for (const [type, list] of Object.entries(paths)) {
    const times: number[] = [];
    let html = 0;
    let payload = 0;
    for (const path of list) {
      const r = await get(port, path);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      times.push(r.ms);
      const text = r.body.toString();
      html += r.body.length;
      payload += payloadBytes(text);
    }
    times.sort((a, b) => a - b);
    out[type] = {
      n: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      htmlBytes: Math.round(html / list.length),
      payloadBytes: Math.round(payload / list.length),
    };
  }
  return out;
}

/** Bytes of one listing-to-video client navigation: the react-router `.data` request the router makes. */
async function clientNavigation(port: number, video: Video) {
  const path = `/videos/${video.video_id}/${video.dir}/_.data`;
  const raw = (await get(port, path)).body;
  const sent = async (accept: string) => {
    const r = await get(port, path, { 'accept-encoding': accept });
    return { bytes: r.body.length, encoding: (r.headers['content-encoding'] as string) ?? 'identity' };
  };
  // Only the route's loader, as when the root's data is not revalidated.
  const routeOnly = (await get(port, `${path}?_routes=routes/videos-entry`)).body;
  return {
    path,
    rawBytes: raw.length,
    br: await sent('br'),
    gzip: await sent('gzip'),
    browser: await sent(BROWSER_ENCODING),
    routeOnlyRawBytes: routeOnly.length,
    routeOnlyBrBytes: brotliCompressSync(routeOnly, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    }).length,
    rootShareRawBytes: raw.length - routeOnly.length,
    gzipWholeReference: gzipSync(raw).length,
  };
}

function rssMB(groupId: number): number {
  const r = spawnSync('ps', ['-o', 'rss=', '-g', String(groupId)], { encoding: 'utf8' });
  const values = r.stdout
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((v) => v > 0);
  // The server is the group's largest process (the others are npx and tsx's launchers).
  return values.length ? Math.max(...values) / 1024 : 0;
}

/** 200 connections for 60 s over home, listings, video pages and the cached JSON, as browsers ask. */
async function mixedLoad(port: number, groupId: number, paths: string[], seconds: number) {
  const script = join(process.cwd(), 'data', 'bench-mixed.lua');
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
math.randomseed(42)
request = function()
  return wrk.format("GET", paths[math.random(#paths)], { ["Accept-Encoding"] = "${BROWSER_ENCODING}" })
end
`,
  );
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMB(groupId)), 1000);
  const before = rssMB(groupId);
  const child = await new Promise<{ stdout: string }>((resolve) => {
    const p = spawn('wrk', [
      '-t2',
      '-c200',
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      `http://127.0.0.1:${port}`,
    ]);
    let stdout = '';
    p.stdout.on('data', (d) => {
      stdout += d;
    });
    p.on('close', () => resolve({ stdout }));
  });
  clearInterval(sampler);
  const out = child.stdout;
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const ms = (re: RegExp) => {
    const m = re.exec(out);
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  return {
    connections: 200,
    seconds,
    paths: paths.length,
    requestsPerSec: num(/Requests\/sec:\s+([\d.]+)/),
    p50ms: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p99ms: ms(/99%\s+([\d.]+)(us|ms|s)/),
    socketErrors: {
      connect: num(/connect (\d+)/),
      read: num(/read (\d+)/),
      write: num(/write (\d+)/),
      timeout: num(/timeout (\d+)/),
    },
    non2xx3xx: num(/Non-2xx or 3xx responses: (\d+)/),
    rssBeforeMB: before,
    rssMaxMB: Math.max(before, ...rss),
    rssAfterMB: rssMB(groupId),
    distribution: /Latency Distribution[\s\S]*?99%[^\n]*/.exec(out)?.[0].replace(/\s+/g, ' ') ?? '',
    raw: out,
  };
}

export async function benchPages(
  port: number,
  groupId: number,
  opts: { threads: number; connections: number; seconds: number },
) {
  const main = JSON.parse((await get(port, '/api/json/main/0/straight.en.json')).body.toString()) as {
    categories: { dir: string }[];
    keywords: string[];
    models: { dir: string }[];
  };
  const list = await videos(port, 12);
  const pick = (i: number) => list[(i * 7919) % list.length]!;
  const videoPath = (v: Video) => `/videos/${v.video_id}/${v.dir}/`;
  const N = 200;
  const sorts = ['latest-updates', 'top-rated', 'most-popular', 'most-viewed'];
  const models = main.models;
  const keywords = main.keywords;
  const cats = main.categories;

  // Warm the JIT and the services' memos on other URLs than the measured ones.
  for (let i = 0; i < 30; i++) await get(port, `/?warm=${i}`);

  const renders = await uncachedRenders(port, {
    home: Array.from({ length: N }, (_, i) => `/?bench=${i}`),
    listing: Array.from({ length: N }, (_, i) => `/videos/${sorts[i % 4]}/${1 + Math.floor(i / 4)}/`),
    video: Array.from({ length: N }, (_, i) => videoPath(pick(i))),
    model: Array.from({ length: Math.min(N, models.length) }, (_, i) => `/model/${models[i]!.dir}/`),
    search: Array.from(
      { length: N },
      (_, i) =>
        `/search/${1 + (i % 3)}/?s=${encodeURIComponent(keywords[i % keywords.length]!)}${i >= keywords.length * 3 ? `&b=${i}` : ''}`,
    ),
    // Words searched for the first time (two keywords at once): no query's matches kept from before.
    'search, new words': Array.from(
      { length: Math.min(N, keywords.length * (keywords.length - 1)) },
      (_, i) => {
        const a = i % keywords.length;
        const b = (a + 1 + Math.floor(i / keywords.length)) % keywords.length;
        return `/search/1/?s=${encodeURIComponent(`${keywords[a]} ${keywords[b]}`)}`;
      },
    ),
    category: Array.from(
      { length: N },
      (_, i) =>
        `/categories/${cats[i % cats.length]!.dir}/latest-updates/${1 + Math.floor(i / cats.length)}/`,
    ),
  });

  // Cached pages against the cached JSON, same tool and connections, with and without compression.
  for (const p of ['/', JSON_PATH, '/videos/latest-updates/1/']) {
    await get(port, p);
    await get(port, p);
    await get(port, p, { 'accept-encoding': BROWSER_ENCODING });
  }
  // Interleaved rounds and medians: the machine's other load moves between runs, not within a round.
  const rounds = Number(process.env.BENCH_PAGE_ROUNDS ?? 3);
  const cached: Record<string, unknown> = {};
  for (const [label, headers] of [
    ['identity', []],
    ['browser', ['-H', `Accept-Encoding: ${BROWSER_ENCODING}`]],
  ] as const) {
    const runs = { json: [] as number[], home: [] as number[], listing: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      runs.json.push(wrkWith(`http://127.0.0.1:${port}${JSON_PATH}`, opts, [...headers]));
      runs.home.push(wrkWith(`http://127.0.0.1:${port}/`, opts, [...headers]));
      runs.listing.push(wrkWith(`http://127.0.0.1:${port}/videos/latest-updates/1/`, opts, [...headers]));
    }
    const json = median(runs.json);
    const home = median(runs.home);
    const listing = median(runs.listing);
    cached[label] = {
      jsonRps: json,
      homeRps: home,
      listingRps: listing,
      homeRatio: home / json,
      listingRatio: listing / json,
      runs,
    };
  }

  const navigation = await clientNavigation(port, pick(3));

  const mixedPaths = [
    '/',
    ...Array.from({ length: 40 }, (_, i) => `/videos/${sorts[i % 4]}/${1 + (i % 10)}/`),
    ...Array.from({ length: 150 }, (_, i) => videoPath(pick(1000 + i))),
    ...Array.from({ length: 60 }, () => JSON_PATH),
  ];
  const mixed = await mixedLoad(port, groupId, mixedPaths, Number(process.env.BENCH_MIXED_SECONDS ?? 60));
  return { uncachedRender: renders, targetRenderP50: 5, cached, targetRatio: 0.5, navigation, mixed };
}

function wrkWith(
  url: string,
  opts: { threads: number; connections: number; seconds: number },
  extra: string[],
) {
  if (extra.length === 0) return wrk(url, opts).requestsPerSec;
  const r = spawnSync(
    'wrk',
    [`-t${opts.threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, ...extra, url],
    { encoding: 'utf8' },
  );
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout);
  if (!m) throw new Error(`wrk output not understood:\n${r.stdout}${r.stderr}`);
  if (/Non-2xx or 3xx responses/.test(r.stdout)) throw new Error(`wrk saw error responses from ${url}`);
  return Number(m[1]);
}
