import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeScratch } from './publish-to-store';
import {
  cleanStalePulls,
  cleanStaleScratch,
  holdScratch,
  markScratchLadder,
  remuxScratchDir,
} from './scratch';

/** A process id that is surely not running: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('stale pulled copies in the scratch directory', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('go when their process is gone or no job of this process holds them; others stay', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vt-scratch-'));
    dirs.push(scratch);
    const sources = join(scratch, 'sources');
    const privates = join(scratch, 'private');
    mkdirSync(sources);
    mkdirSync(privates);
    const id = 'a'.repeat(32);
    const dead = await deadPid();
    const file = (pid: number | string, hex: string) => join(sources, `${id}-${pid}-${hex}`);
    const killed = file(dead, '0badf00d');
    const mineHeld = file(process.pid, '11111111');
    const mineStale = file(process.pid, '22222222');
    const otherLive = file(process.ppid, '33333333');
    const unnamed = join(sources, `${id}-deadbeef`);
    for (const f of [killed, mineHeld, mineStale, otherLive, unnamed]) writeFileSync(f, 'bytes');
    const killedDir = join(privates, `${dead}-AbC123`);
    const heldDir = join(privates, `${process.pid}-XyZ789`);
    for (const d of [killedDir, heldDir]) {
      mkdirSync(d);
      writeFileSync(join(d, 'image'), 'jpg');
    }
    const release = [holdScratch(mineHeld), holdScratch(heldDir)];

    expect(await cleanStalePulls(scratch)).toBe(4);
    expect([killed, mineStale, unnamed, killedDir].filter(existsSync)).toEqual([]);
    expect([mineHeld, otherLive, heldDir].every(existsSync)).toBe(true);

    for (const r of release) r();
    expect(await cleanStalePulls(scratch)).toBe(2);
    expect(existsSync(otherLive)).toBe(true);
    expect(await cleanStalePulls(join(scratch, 'nothing-here'))).toBe(0);
  });

  it('a download remux a killed worker was pulling goes; one this process runs stays', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vt-scratch-'));
    dirs.push(scratch);
    const killed = join(remuxScratchDir(scratch), `${await deadPid()}-Q1w2E3`);
    const running = join(remuxScratchDir(scratch), `${process.pid}-R4t5Y6`);
    for (const d of [killed, running]) {
      mkdirSync(join(d, 'ladder', '360p'), { recursive: true });
      writeFileSync(join(d, 'ladder', '360p', 'seg-0001.m4s'), 'segment');
    }
    const release = holdScratch(running);
    expect(await cleanStalePulls(scratch)).toBe(1);
    expect([existsSync(killed), existsSync(running)]).toEqual([false, true]);
    release();
  });

  it('unfinished ladders go when no other live process shares the directory; finished ones stay', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vt-scratch-'));
    dirs.push(scratch);
    const ladders = join(scratch, 'uploads');
    for (const name of ['7.tmp', '8.rerun', '8.rerun.tmp', '9']) {
      mkdirSync(join(ladders, name), { recursive: true });
      writeFileSync(join(ladders, name, 'seg-0000.m4s'), 'x');
    }
    // A dead process's mark does not count as a live sharer.
    mkdirSync(join(scratch, '.processes'));
    writeFileSync(join(scratch, '.processes', String(await deadPid())), '');
    expect(await cleanStaleScratch(scratch)).toBe(3);
    expect(['7.tmp', '8.rerun', '8.rerun.tmp', '9'].map((n) => existsSync(join(ladders, n)))).toEqual([
      false,
      false,
      false,
      true,
    ]);

    // A live process on the same directory may be writing one: it stays.
    mkdirSync(join(ladders, '10.tmp'));
    const sibling = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(scratch, '.processes', String(sibling.pid)), '');
      expect(await cleanStaleScratch(scratch)).toBe(0);
      expect(existsSync(join(ladders, '10.tmp'))).toBe(true);
    } finally {
      sibling.kill();
    }
  });

  it('a finished ladder a killed worker marked as its scratch goes; an unmarked tree (an operator’s) stays', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vt-scratch-'));
    dirs.push(scratch);
    const ladders = join(scratch, 'uploads');
    // Killed between the pipeline's final rename and the upload: `uploads/21` finished, with its mark.
    await markScratchLadder(scratch, 'uploads/21');
    mkdirSync(join(ladders, '21', '720p'), { recursive: true });
    writeFileSync(join(ladders, '21', '720p', 'seg-0001.m4s'), 'x');
    // Killed before the pipeline wrote anything: only the mark.
    await markScratchLadder(scratch, 'uploads/22');
    // Kept after `npm run media:migrate`: no mark, never scratch.
    mkdirSync(join(ladders, '23'), { recursive: true });
    writeFileSync(join(ladders, '23', 'master.m3u8'), '#EXTM3U');

    // A live process on the same directory may be uploading it: everything stays.
    const sibling = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      mkdirSync(join(scratch, '.processes'), { recursive: true });
      writeFileSync(join(scratch, '.processes', String(sibling.pid)), '');
      expect(await cleanStaleScratch(scratch)).toBe(0);
      expect(['21', '21.scratch', '22.scratch', '23'].every((n) => existsSync(join(ladders, n)))).toBe(true);
    } finally {
      sibling.kill();
      await new Promise((resolve) => sibling.on('exit', resolve));
    }

    expect(await cleanStaleScratch(scratch)).toBe(2);
    expect(['21', '21.scratch', '22.scratch'].filter((n) => existsSync(join(ladders, n)))).toEqual([]);
    expect(existsSync(join(ladders, '23', 'master.m3u8'))).toBe(true);
    expect(await cleanStaleScratch(scratch)).toBe(0);
  });

  it('a finished job removes its scratch ladder and its mark', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vt-scratch-'));
    dirs.push(scratch);
    await markScratchLadder(scratch, 'uploads/31');
    mkdirSync(join(scratch, 'uploads', '31'), { recursive: true });
    mkdirSync(join(scratch, 'uploads', '31.tmp'), { recursive: true });
    await removeScratch(scratch, 'uploads/31');
    expect(readdirSync(join(scratch, 'uploads'))).toEqual([]);
  });
});
