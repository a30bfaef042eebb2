import { type ChildProcess, execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_VERSION } from '../../packages/db/src/seed/seed';

export const BENCH_DATA = join(process.cwd(), 'data', 'bench');

/** Seeds the benchmark database once (1,000,000 videos by default); later runs reuse it. */
export function ensureBenchDb(videos: number): void {
  const marker = join(BENCH_DATA, `seeded-${videos}-v${SEED_VERSION}`);
  if (existsSync(marker)) return;
  console.log(`seeding ${videos} videos into ${BENCH_DATA} (once)…`);
  const env = { ...process.env, DATA_DIR: BENCH_DATA };
  const r = spawnSync(
    'npx',
    [
      'tsx',
      'packages/db/src/seed/cli.ts',
      '--reset',
      '--videos',
      String(videos),
      '--clips',
      '1',
      '--clip-seconds',
      '20',
    ],
    { stdio: 'inherit', env },
  );
  if (r.status !== 0) throw new Error('bench seed failed');
  spawnSync('touch', [marker]);
}

/** An API node on the bench database; `env` adds settings (a second node, MEDIA_STORE=s3). */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      DATA_DIR: BENCH_DATA,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // benchSession confirms its member through the outbox; the bench server listens on loopback only.
      MAIL_OUTBOX_PUBLIC: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  // A first start on a database without listing totals runs the stats job before listening.
  await waitFor(`http://127.0.0.1:${port}/healthz`, 300_000);
  return child;
}

/** VmRSS of a process, in bytes. */
export function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** The node process running main.ts under a server's npx and tsx (its process group): the biggest of them. */
export function serverNodePid(child: ChildProcess): number {
  const pids = execSync(`pgrep -g ${child.pid}`, { encoding: 'utf8' }).trim().split('\n').map(Number);
  return pids.reduce((a, b) => (rss(b) > rss(a) ? b : a));
}

export function stop(child: ChildProcess): void {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
