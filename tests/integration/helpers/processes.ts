import { type ChildProcess, spawn } from 'node:child_process';

export { freePort } from '@vt/db/testing';

/** Polls `read` until `ok` holds, or fails with the last value after `timeoutMs`. */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs: number,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface NodeProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** What it printed, for the failure message of a test that waited on it. */
  output(): string;
  /** SIGKILL: a machine that dies, nothing flushed. */
  kill(): void;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Runs one of the project's entry points (`apps/api/src/main.ts`, `worker-main.ts`) as its own process, with
 * tsx's loader in that same process: its pid is the one a worker names itself by.
 */
export function startProcess(name: string, script: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    name,
    child,
    output: () => printed,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until an API node answers its health check. */
export async function waitHealthy(node: NodeProcess, origin: string, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    async () => {
      if (node.child.exitCode !== null) throw new Error(`${node.name} exited:\n${node.output()}`);
      try {
        return (await fetch(`${origin}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    Boolean,
    timeoutMs,
    `${node.name} to answer /healthz`,
  );
}
