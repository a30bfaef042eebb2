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
    p99: percentile(times, 99),
    max: times[times.length - 1],
  };
}
