import { spawnSync } from 'node:child_process';

/** Children's user + system seconds from the second line of bash's `times`. */
export function parseTimes(output: string): number {
  const lines = output.trim().split('\n');
  const children = lines[lines.length - 1].split(/\s+/);
  const secs = (v: string) => {
    const m = /(\d+)m([\d.]+)s/.exec(v);
    return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  };
  return secs(children[0]) + secs(children[1]);
}

/** CPU seconds (user + system) of a command and all its children, from bash's `times`. */
export function cpuSeconds(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): { cpu: number; wall: number } {
  const started = performance.now();
  const r = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1 || exit 97; times', 'bash', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr}`);
  return { cpu: parseTimes(r.stdout), wall: (performance.now() - started) / 1000 };
}
