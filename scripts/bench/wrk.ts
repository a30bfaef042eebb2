import { spawnSync } from 'node:child_process';

export interface WrkResult {
  requestsPerSec: number;
  raw: string;
}

/** One wrk run; the same settings are used for us and for the reference. */
export function wrk(url: string, opts = { threads: 1, connections: 50, seconds: 10 }): WrkResult {
  const r = spawnSync(
    'wrk',
    [`-t${opts.threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', url],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr}`);
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout);
  if (!m) throw new Error(`wrk output not understood:\n${r.stdout}`);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(r.stdout);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses from ${url}`);
  return { requestsPerSec: Number(m[1]), raw: r.stdout };
}
