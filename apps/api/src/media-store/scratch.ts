import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A worker's (or API node's) local copies pulled from the bucket for one use (S3 mode, issue 22): the
 * finished uploads in `{scratch}/sources/`, private images in `{scratch}/private/` and the ladder levels a
 * download remuxes in `{scratch}/remux/`. Their names carry the
 * pulling process's id, and this process records the ones its running jobs hold, so a process that starts
 * again after a `kill -9` can tell its predecessor's leftovers from copies still in use.
 */
const held = new Set<string>();

/** Marks a pulled copy as in use by a running job of this process until `release`. */
export function holdScratch(path: string): () => void {
  held.add(path);
  return () => held.delete(path);
}

/** The id of the process that pulled a copy, from its name: `{…}-{pid}-{8 hex}` or `{pid}-{…}` (a directory). */
function pidOf(name: string): number | null {
  const m = /-(\d+)-[0-9a-f]{8}$/.exec(name) ?? /^(\d+)-/.exec(name);
  return m ? Number(m[1]) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where pulled copies live below a scratch directory. */
export const PULL_DIRS = ['sources', 'private', 'remux'] as const;

/** Where a worker pulls a ladder level to remux it for a download (S3 mode), one `{pid}-…` directory each. */
export const remuxScratchDir = (scratchDir: string) => join(scratchDir, 'remux');

/**
 * Removes pulled copies no running job holds: those of a process that is gone (a worker killed with -9),
 * of this process but not held, and any without a process id. Copies of another live process on a
 * shared scratch directory stay. Answers how many were removed.
 */
export async function cleanStalePulls(scratchDir: string): Promise<number> {
  let removed = 0;
  for (const sub of PULL_DIRS) {
    const dir = join(scratchDir, sub);
    if (!existsSync(dir)) continue;
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if (held.has(path)) continue;
      const pid = pidOf(name);
      if (pid !== null && pid !== process.pid && alive(pid)) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Beside a ladder a worker writes into its scratch (`uploads/{id}` → `uploads/{id}.scratch`): the directory is
 * the worker's own, not a tree an operator keeps (after `npm run media:migrate`, the node that had the media
 * directory may run in S3 mode with it still there, ADR 0042). Written before the pipeline starts, removed
 * after the directory (removeScratch), so a directory without one is never taken for scratch.
 */
export const SCRATCH_MARK = '.scratch';

/** Marks `{scratchDir}/{mediaPath}` as a worker's scratch ladder before it is written (S3 mode). */
export async function markScratchLadder(scratchDir: string, mediaPath: string): Promise<void> {
  const mark = `${join(scratchDir, ...mediaPath.split('/'))}${SCRATCH_MARK}`;
  await mkdir(dirname(mark), { recursive: true });
  await writeFile(mark, String(process.pid));
}

/** One empty file per process using a scratch directory, named by its id. */
export const PROCESS_MARKS = '.processes';
const USERS = PROCESS_MARKS;
/** A ladder a run was still writing (`{id}.tmp`) or re-running (`{id}.rerun`, `{id}.rerun.tmp`). */
const UNFINISHED_LADDER = /\.(tmp|rerun)$/;
/** The mark of a worker's ladder (`{id}.scratch`): its `{id}` directory may be finished and not yet uploaded. */
const MARKED_LADDER = /^(\d+)\.scratch$/;

/** Whether a live process other than this one uses the scratch directory; dead ones' marks go. */
async function sharedWithLiveProcess(scratchDir: string): Promise<boolean> {
  const dir = join(scratchDir, USERS);
  mkdirSync(dir, { recursive: true });
  const mark = join(dir, String(process.pid));
  writeFileSync(mark, '');
  process.once('exit', () => rmSync(mark, { force: true }));
  let shared = false;
  for (const name of await readdir(dir)) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    if (Number.isInteger(pid) && alive(pid)) shared = true;
    else await rm(join(dir, name), { force: true });
  }
  return shared;
}

/**
 * At start (S3 mode): the stale pulled copies (cleanStalePulls), and, when no other live process shares the
 * directory (their names carry no process id), the ladders a killed run left under `uploads/`: unfinished
 * ones, and finished ones a worker marked as its scratch (`{id}.scratch`), killed between the pipeline's last
 * rename and the upload; the job's retry publishes from the scratch of whichever worker takes it, so nothing
 * else would remove them. A directory without that mark is never touched: after `npm run media:migrate` it
 * may be the operator's local copy.
 */
export async function cleanStaleScratch(scratchDir: string): Promise<number> {
  let removed = await cleanStalePulls(scratchDir);
  if (await sharedWithLiveProcess(scratchDir)) return removed;
  const ladders = join(scratchDir, 'uploads');
  if (!existsSync(ladders)) return removed;
  for (const name of await readdir(ladders)) {
    const marked = MARKED_LADDER.exec(name);
    if (!marked && !UNFINISHED_LADDER.test(name)) continue;
    // The directory first, its mark last: a run stopped in between finds the mark again next time.
    if (marked) await rm(join(ladders, marked[1]), { recursive: true, force: true });
    await rm(join(ladders, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
