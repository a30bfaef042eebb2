import { execSync, spawnSync } from 'node:child_process';
import { createReadStream, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as tus from 'tus-js-client';

const BYTES = 2 * 1024 ** 3;

/** VmRSS of a process, in bytes. */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A member session on the bench server: register, confirm through the outbox, sign in. */
async function benchSession(base: string): Promise<string> {
  const name = `bench${Date.now() % 1_000_000}`;
  const headers = { origin: base, 'content-type': 'application/x-www-form-urlencoded' };
  await fetch(`${base}/api/register.php`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ usr: name, pwd: 'bench-pass', email: `${name}@bench.test` }),
  });
  const mail = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; text: string }[];
  const token = new URL(
    /https?:\/\/\S+/.exec(mail.find((m) => m.to === `${name}@bench.test`)!.text)![0],
  ).searchParams.get('token');
  await fetch(`${base}/trpc/auth.confirm`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const login = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ usr: name, pwd: 'bench-pass' }),
  });
  return login.headers.getSetCookie()[0].split(';')[0];
}

/**
 * A 2 GB tus upload over loopback in 50 MB chunks: throughput against `dd` writing the same bytes to the
 * same disk, and how much the server's RSS grows meanwhile.
 */
export async function benchTusUpload(base: string, dataDir: string) {
  const file = join(dataDir, 'bench-2g.bin');
  const dd = spawnSync(
    'dd',
    ['if=/dev/zero', `of=${file}`, 'bs=8M', `count=${BYTES / (8 * 1024 ** 2)}`, 'conv=fsync'],
    {
      encoding: 'utf8',
    },
  );
  const ddSeconds = Number(/([\d.]+) s,/.exec(dd.stderr)?.[1] ?? Number.NaN);
  const ddThroughput = BYTES / ddSeconds;

  const cookie = await benchSession(base);
  // The server is the node process under npx and tsx that runs main.ts: the biggest of the matches.
  const pids = execSync("pgrep -f '[a]pps/api/src/main.ts'", { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  const pid = pids.reduce((a, b) => (rss(b) > rss(a) ? b : a));
  const rssBefore = rss(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rss(pid));
  }, 200);
  const started = performance.now();
  const url = await new Promise<string>((resolve, reject) => {
    const u = new tus.Upload(createReadStream(file), {
      endpoint: `${base}/api/upload/`,
      uploadSize: statSync(file).size,
      chunkSize: 50 * 1024 * 1024,
      metadata: { filename: 'benchreel.mp4', title: 'Bench upload', adult: '1' },
      headers: { cookie, origin: base },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(u.url!),
    });
    u.start();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const throughput = BYTES / seconds;
  rmSync(file, { force: true });
  // The upload is junk (zeros): drop it before the ingest job gets to it.
  await fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', cookie, origin: base } });
  return {
    bytes: BYTES,
    ddMBps: ddThroughput / 1024 ** 2,
    tusMBps: throughput / 1024 ** 2,
    ratio: throughput / ddThroughput,
    targetRatio: 0.5,
    rssGrowthMB: (rssPeak - rssBefore) / 1024 ** 2,
    targetRssGrowthMB: 100,
  };
}
