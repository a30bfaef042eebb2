import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './median';
import { startNginxProxy } from './nginx';
import { serverNodePid, startServer, stop, waitFor } from './server';
import { wrk } from './wrk';

/** The cached videos2 JSON the videos2 section measures against nginx. */
export const VIDEOS2_PATH = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';

const ROUNDS = Number(process.env.BENCH_TWO_NODES_ROUNDS ?? 3);

/**
 * Cached videos2 JSON req/s through one nginx with two API nodes in its upstream, against the same nginx
 * with one of them, the same wrk settings, in interleaved rounds (BENCH_TWO_NODES_ROUNDS, 3). Node one is
 * the bench server on `nodePort`; node two is started here on the same SQLite bench database (the cached
 * JSON reads nothing from it after the first request). On a 2-core machine wrk, nginx and both nodes share
 * the cores, so two nodes cannot do much better than one there.
 */
/** User + system CPU seconds a process has used (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function benchTwoNodes(
  node: { port: number; child: ChildProcess },
  secondPort: number,
  ports: { one: number; two: number },
  opts: { threads: number; connections: number; seconds: number },
) {
  const nodePort = node.port;
  const second = await startServer(secondPort);
  const pids = [serverNodePid(node.child), serverNodePid(second)];
  const twoNodesCpu = [0, 0];
  const nginx = startNginxProxy(join(process.cwd(), 'data', 'bench-two-nodes'), {
    [ports.one]: [nodePort],
    [ports.two]: [nodePort, secondPort],
  });
  try {
    // Each node fills its own cache on its first request.
    for (const port of [nodePort, secondPort]) await fetch(`http://127.0.0.1:${port}${VIDEOS2_PATH}`);
    for (const port of [ports.one, ports.two]) await waitFor(`http://127.0.0.1:${port}${VIDEOS2_PATH}`);
    // A short unrecorded run through each listener first, so no round measures a cold (unoptimised) node.
    for (const port of [ports.one, ports.two])
      wrk(`http://127.0.0.1:${port}${VIDEOS2_PATH}`, { ...opts, seconds: 2 });
    const rounds: { oneNodeRps: number; twoNodesRps: number; ratio: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const one = wrk(`http://127.0.0.1:${ports.one}${VIDEOS2_PATH}`, opts).requestsPerSec;
      const cpuBefore = pids.map(cpuSeconds);
      const two = wrk(`http://127.0.0.1:${ports.two}${VIDEOS2_PATH}`, opts).requestsPerSec;
      pids.forEach((pid, i) => {
        twoNodesCpu[i]! += cpuSeconds(pid) - cpuBefore[i]!;
      });
      rounds.push({ oneNodeRps: one, twoNodesRps: two, ratio: two / one });
      console.log(
        `  two-nodes round ${round}/${ROUNDS}: one node ${one.toFixed(0)} req/s, two nodes ${two.toFixed(0)} req/s`,
      );
    }
    return {
      path: VIDEOS2_PATH,
      rounds,
      oneNodeRps: median(rounds.map((r) => r.oneNodeRps)),
      twoNodesRps: median(rounds.map((r) => r.twoNodesRps)),
      ratio: median(rounds.map((r) => r.ratio)),
      /** CPU seconds each node used during the two-node runs: both took their share of the requests. */
      twoNodesCpuSeconds: twoNodesCpu.map((s) => Math.round(s * 10) / 10),
      setup:
        'one nginx (1 worker, upstream keepalive 32, nothing cached by nginx), both API nodes on the same SQLite bench database; wrk, nginx and the nodes share the machine’s 2 cores',
    };
  } finally {
    nginx.kill('SIGTERM');
    stop(second);
  }
}
