import { spawn } from 'node:child_process';
import { limitedCommand, type MediaLimits } from './resource-limits';

export interface ToolRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Killed for running past timeoutMs. */
  timedOut: boolean;
  /** Ran under a memory ceiling (prlimit). */
  memoryLimited: boolean;
}

export interface RunToolOptions {
  signal?: AbortSignal;
  /** Wall-clock limit; the tool is killed when it runs longer. */
  timeoutMs?: number;
  /** Runs the tool under limits.memoryBytes when given. */
  limits?: MediaLimits;
}

/** Runs a command to completion, buffering its output; rejects only when it cannot be started. */
export function runTool(
  command: string,
  args: readonly string[],
  opts: RunToolOptions = {},
): Promise<ToolRun> {
  const limited = opts.limits
    ? limitedCommand(command, args, opts.limits)
    : { command, args: [...args], env: process.env, memoryLimited: false };
  return new Promise((resolve, reject) => {
    const child = spawn(limited.command, limited.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: opts.signal,
      env: limited.env,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, opts.timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      resolve({
        code,
        signal: sig,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        memoryLimited: limited.memoryLimited,
      });
    });
  });
}
