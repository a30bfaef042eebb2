import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What one ffprobe or ffmpeg run may use before it is stopped. */
export interface MediaLimits {
  /** Address-space ceiling (prlimit --as) in bytes; null: none. */
  memoryBytes: number | null;
  /** A transcode may take timeoutFloorSec + timeoutFactor × the source duration, in wall-clock seconds. */
  timeoutFactor: number;
  /** Also the whole allowance of a probe, whose duration is not known yet. */
  timeoutFloorSec: number;
  /** util-linux prlimit; null: run without a memory ceiling. Found on PATH when not given. */
  prlimitPath: string | null;
}

export type MediaLimitsInput = Partial<MediaLimits>;

/**
 * Address space, not resident memory: x264 and glibc reserve far more than they touch, and a 1080p ladder
 * needs about 1.8 GB of it for 600 MB resident. 4 GB leaves room for 4K and 8K sources.
 */
export const DEFAULT_MEDIA_LIMITS: Omit<MediaLimits, 'prlimitPath'> = {
  memoryBytes: 4096 * 1024 * 1024,
  // A 1080p source encodes at about twice real time on two busy cores; ten leaves room for slower machines.
  timeoutFactor: 10,
  timeoutFloorSec: 120,
};

let foundPrlimit: string | null | undefined;

function findPrlimit(): string | null {
  if (foundPrlimit === undefined) {
    const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin'];
    const candidates = dirs.filter((dir) => dir.startsWith('/')).map((dir) => join(dir, 'prlimit'));
    foundPrlimit = candidates.find((file) => existsSync(file)) ?? null;
  }
  return foundPrlimit;
}

export function resolveMediaLimits(input: MediaLimitsInput = {}): MediaLimits {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return {
    ...DEFAULT_MEDIA_LIMITS,
    prlimitPath: input.prlimitPath === undefined ? findPrlimit() : input.prlimitPath,
    ...given,
  };
}

export function transcodeTimeoutMs(durationSec: number, limits: MediaLimits): number {
  return Math.round((limits.timeoutFloorSec + limits.timeoutFactor * Math.max(0, durationSec)) * 1000);
}

export interface LimitedCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Whether a memory ceiling is in force (so an allocation failure means the ceiling was hit). */
  memoryLimited: boolean;
}

/**
 * The command under prlimit when there is a ceiling and prlimit is there; as it is otherwise. prlimit
 * execs the tool, so the child's pid is the tool's and killing it on a timeout or abort kills the tool.
 */
export function limitedCommand(
  command: string,
  args: readonly string[],
  limits: MediaLimits,
): LimitedCommand {
  if (limits.memoryBytes === null || limits.memoryBytes <= 0 || !limits.prlimitPath)
    return { command, args: [...args], env: process.env, memoryLimited: false };
  return {
    command: limits.prlimitPath,
    args: [`--as=${Math.round(limits.memoryBytes)}`, '--', command, ...args],
    // One malloc arena per thread reserves 64 MB of address space each; two keep the ceiling about memory.
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    memoryLimited: true,
  };
}

/**
 * How ffmpeg 5.1 reports an allocation refused under the ceiling depends on where it happens: an errno
 * ('Cannot allocate memory', 'Resource temporarily unavailable' when a thread's stack cannot be mapped),
 * a library's own words (x264's 'malloc of size … failed'), or, for encoders and filters, only that their
 * setup failed, with no errno. Below about 300 MB the tools cannot even map their shared libraries. Our
 * encoder and filter settings are fixed and the corpus test sets them up on every kind of source, so under
 * a ceiling a setup failure means the ceiling.
 */
const OUT_OF_MEMORY = new RegExp(
  [
    'Cannot allocate memory',
    'Could not allocate',
    'Out of memory',
    'Resource temporarily unavailable',
    'malloc of size \\d+ failed',
    'failed to map segment',
    'std::bad_alloc',
    'ENOMEM',
    'Error while opening encoder',
    'Error reinitializing filters',
    'Error initializing filter',
    'Failed to configure',
  ].join('|'),
  'i',
);

/** Under a ceiling, a failed allocation (or a crash while allocating) is the ceiling, not the source. */
export function hitMemoryCeiling(
  run: { code: number | null; signal: NodeJS.Signals | null; stderr: string },
  memoryLimited: boolean,
): boolean {
  if (!memoryLimited || run.code === 0) return false;
  return OUT_OF_MEMORY.test(run.stderr) || run.signal === 'SIGSEGV' || run.signal === 'SIGABRT';
}
