import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { median } from './median';
import { rss, serverNodePid, startServer, stop } from './server';
import { benchSession, settle, uploadWithPlainRequests } from './tus-upload';

const MB = Number(process.env.BENCH_TUS_S3_MB ?? 2048);
const ROUNDS = Number(process.env.BENCH_TUS_S3_ROUNDS ?? 3);

/** s3rver in its own process (scripts/bench/s3-server.ts): its endpoint and the env an API node needs. */
async function startS3Server(): Promise<{
  child: ChildProcess;
  env: Record<string, string>;
  directory: string;
}> {
  const child = spawn('npx', ['tsx', 'scripts/bench/s3-server.ts', 'bench-media'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`s3-server exited with ${code}`)));
  });
  lines.close();
  child.stdout!.resume();
  const { env, directory } = JSON.parse(first) as { env: Record<string, string>; directory: string };
  return { child, env, directory };
}

/** Runs `work` while sampling `pid`'s RSS every 100 ms; the peak, in bytes. */
async function peakRssDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rss(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rss(pid));
}

/**
 * A large tus upload (BENCH_TUS_S3_MB, 2048 by default) into S3 mode (MEDIA_STORE=s3: @tus/s3-store,
 * HashingS3Store, 8 MiB parts into the bucket) against the same upload into local-disk mode, in interleaved
 * rounds (BENCH_TUS_S3_ROUNDS, 3), with each API node's peak RSS. The local node is the bench server at
 * `localBase`; the S3 node is a second API node on the same database, started here, talking to s3rver in a
 * process of its own on the same disk: a stand-in for MinIO or S3, not a measure of them.
 */
export async function benchTusS3(
  local: { base: string; child: ChildProcess },
  s3Port: number,
  dataDir: string,
) {
  const bytes = MB * 1024 ** 2;
  const file = join(dataDir, 'bench-tus-s3.bin');
  spawnSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${MB}`]);
  const s3 = await startS3Server();
  const s3Base = `http://127.0.0.1:${s3Port}`;
  const s3Node = await startServer(s3Port, s3.env);
  try {
    await settle(join(dataDir, 'site.db'));
    const nodes = {
      local: { base: local.base, pid: serverNodePid(local.child) },
      s3: { base: s3Base, pid: serverNodePid(s3Node) },
    };
    const before = { local: rss(nodes.local.pid), s3: rss(nodes.s3.pid) };
    const peak = { ...before };
    const cookie = await benchSession(local.base);
    const upload = async (mode: 'local' | 's3') => {
      const { base, pid } = nodes[mode];
      const headers = { cookie, origin: base };
      // The last upload's ingest job can claim it before the DELETE (and probe it): let it finish first.
      await settle(join(dataDir, 'site.db'));
      let seconds = 0;
      const p = await peakRssDuring(pid, async () => {
        const started = performance.now();
        const url = await uploadWithPlainRequests(base, file, headers, bytes);
        seconds = (performance.now() - started) / 1000;
        // Zeros: drop the upload before the ingest job gets to it.
        await fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...headers } });
      });
      peak[mode] = Math.max(peak[mode], p);
      return Math.round((bytes / 1024 ** 2 / seconds) * 10) / 10;
    };
    const rounds: { localMBps: number; s3MBps: number; ratio: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const localMBps = await upload('local');
      const s3MBps = await upload('s3');
      rounds.push({ localMBps, s3MBps, ratio: s3MBps / localMBps });
      console.log(
        `  tus-s3 round ${round}/${ROUNDS}: local disk ${localMBps} MB/s, S3 (s3rver) ${s3MBps} MB/s`,
      );
    }
    const mb = (b: number) => Math.round((b / 1024 ** 2) * 10) / 10;
    return {
      bytes,
      rounds,
      localMBps: median(rounds.map((r) => r.localMBps)),
      s3MBps: median(rounds.map((r) => r.s3MBps)),
      ratio: median(rounds.map((r) => r.ratio)),
      rss: {
        local: {
          beforeMB: mb(before.local),
          peakMB: mb(peak.local),
          growthMB: mb(peak.local - before.local),
        },
        s3: { beforeMB: mb(before.s3), peakMB: mb(peak.s3), growthMB: mb(peak.s3 - before.s3) },
      },
      s3Server:
        's3rver 3.7 in a separate process on the same disk, a stand-in for MinIO/S3 (it writes each part, then concatenates them on completion)',
    };
  } finally {
    stop(s3Node);
    stop(s3.child);
    rmSync(file, { force: true });
    // s3rver removes its bucket directory as it stops; make sure, once it has exited.
    if (s3.child.exitCode === null) {
      await new Promise((r) => {
        s3.child.once('exit', r);
        setTimeout(r, 30_000).unref();
      });
    }
    rmSync(s3.directory, { recursive: true, force: true });
  }
}
