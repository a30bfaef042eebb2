import { request } from 'node:http';

const SORTS = ['latest-updates', 'longest', 'most-commented', 'most-popular', 'top-rated', 'most-viewed'];
const DATES = ['all', 'day', 'week', 'month'];

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

/** Random uncached listing paths: every sort, date, duration, hd and category filter, pages 1–50. */
export function randomListingPaths(n: number, categories: string[], seed = 7): string[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, () => {
    const section = r() < 0.3 ? `categories.${pick(categories)}` : 'all.';
    const type = r() < 0.2 ? 'hd' : 'all';
    const duration = r() < 0.5 ? 0 : 1 + Math.floor(r() * 3);
    const page = 1 + Math.floor(r() * 50);
    return `/api/json/videos2/0/straight/${pick(SORTS)}/60/${section}.${page}.${type}.${duration}.${pick(DATES)}.json`;
  });
}

const ALBUM_SORTS = ['latest-updates', 'most-viewed', 'top-rated', 'most-commented'];
const MODEL_SORTS = ['most-popular', 'count-videos', 'count-subs', 'alphabet', 'recent', 'most-viewed'];
const PLAYLIST_SORTS = ['most-popular', 'recent'];

/** Random uncached album listing paths: every sort, all or one category, pages 1–50. */
export function randomAlbumPaths(n: number, categories: string[], seed = 11): string[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, () => {
    const section = r() < 0.3 ? `categories.${pick(categories)}` : 'all.';
    const page = 1 + Math.floor(r() * 50);
    return `/api/json/albums/0/straight/${pick(ALBUM_SORTS)}/60/${section}.${page}.json`;
  });
}

/** Random uncached model listing paths: every sort, zero to three of the 10 filters, pages 1–5 (300 models). */
export function randomModelPaths(n: number, seed = 13): string[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const options: string[][] = [
    'abcdefghijklmnopqrstuvwxyz'.split(''),
    ['asian', 'caucasian', 'ebony', 'latin'],
    ['1', '2', '3', '4'],
    ['us', 'de', 'fr', 'it', 'gb'],
    ['small', 'medium', 'big', 'huge'],
    ['1', '2', '3', '4', '5'],
    ['1', '2', '3', '4'],
    ['1', '2', '3', '4'],
    ['1', '2'],
    ['1', '2'],
  ];
  return Array.from({ length: n }, () => {
    const values = options.map(() => '');
    for (let k = Math.floor(r() * 4); k > 0; k--) {
      const i = Math.floor(r() * options.length);
      values[i] = pick(options[i]);
    }
    const page = 1 + Math.floor(r() * 5);
    return `/api/json/models/0/straight/filt${values.join('.')}/${pick(MODEL_SORTS)}/60/${page}.json`;
  });
}

/** Random uncached playlist listing paths: both sorts, pages 1–50. */
export function randomPlaylistPaths(n: number, seed = 17): string[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, () => {
    const page = 1 + Math.floor(r() * 50);
    return `/api/json/playlists/0/${pick(PLAYLIST_SORTS)}/60/all.${page}.straight..json`;
  });
}

const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Sequential requests over one keep-alive connection: latency, not throughput. */
export async function measureLatency(port: number, paths: string[]) {
  for (const p of paths.slice(0, 50)) await get(port, p);
  const times: number[] = [];
  for (const p of paths) times.push(await get(port, p));
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1],
  };
}

/** Uncached searches: keyword and two-word queries, mostly by relevance, pages 1–5, some filters. */
export function randomSearchPaths(n: number, keywords: string[], seed = 19): string[] {
  const rnd = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const sorts = [
    'relevance',
    'relevance',
    'relevance',
    'latest-updates',
    'most-viewed',
    'top-rated',
  ] as const;
  return Array.from({ length: n }, () => {
    const words = rnd() < 0.3 ? `${pick(keywords)} ${pick(keywords)}` : pick(keywords);
    const params = `0/straight/${pick(sorts)}/60/all..${1 + Math.floor(rnd() * 5)}.${rnd() < 0.2 ? 'hd' : 'all'}.${Math.floor(rnd() * 4)}.all`;
    return `/api/videos2.php?params=${params}&s=${encodeURIComponent(words)}`;
  });
}

/** Suggester calls as people type: 3 to 6 first characters of keywords. */
export function randomSuggesterPaths(n: number, keywords: string[], seed = 23): string[] {
  const rnd = rng(seed);
  return Array.from({ length: n }, () => {
    const k = keywords[Math.floor(rnd() * keywords.length)];
    return `/api/suggester.php?c=${encodeURIComponent(k.slice(0, 3 + Math.floor(rnd() * 4)))}`;
  });
}
