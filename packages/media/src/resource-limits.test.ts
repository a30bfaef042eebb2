import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoClip } from './demo-clip';
import { buildPlan, type MediaPlan } from './plan';
import { probe } from './probe';
import {
  hitMemoryCeiling,
  limitedCommand,
  type MediaLimits,
  resolveMediaLimits,
  transcodeTimeoutMs,
} from './resource-limits';
import { transcode } from './runner';

const limits: MediaLimits = {
  memoryBytes: 1024 ** 3,
  timeoutFactor: 10,
  timeoutFloorSec: 120,
  prlimitPath: '/usr/bin/prlimit',
};

describe('resource limits', () => {
  it('runs the tool under prlimit with an address-space ceiling', () => {
    expect(limitedCommand('ffmpeg', ['-i', 'x'], limits)).toMatchObject({
      command: '/usr/bin/prlimit',
      args: [`--as=${1024 ** 3}`, '--', 'ffmpeg', '-i', 'x'],
      memoryLimited: true,
    });
  });

  it('runs the tool as it is without prlimit or without a ceiling', () => {
    for (const l of [
      { ...limits, prlimitPath: null },
      { ...limits, memoryBytes: null },
    ]) {
      expect(limitedCommand('ffmpeg', ['-i', 'x'], l)).toMatchObject({
        command: 'ffmpeg',
        args: ['-i', 'x'],
        memoryLimited: false,
      });
    }
  });

  it('allows a floor plus a multiple of the duration', () => {
    expect(transcodeTimeoutMs(60, limits)).toBe(720_000);
    expect(transcodeTimeoutMs(0, limits)).toBe(120_000);
  });

  it('takes the given settings over the defaults and finds prlimit on PATH', () => {
    const resolved = resolveMediaLimits({ timeoutFactor: 3, memoryBytes: undefined });
    expect(resolved).toMatchObject({ timeoutFactor: 3, timeoutFloorSec: 120, memoryBytes: 4096 * 1024 ** 2 });
    expect(resolved.prlimitPath).toMatch(/\/prlimit$/);
  });

  it('blames the ceiling only for allocation failures under a ceiling', () => {
    const failed = { code: 1, signal: null, stderr: 'x264 [error]: malloc of size 1000000 failed' };
    expect(hitMemoryCeiling(failed, true)).toBe(true);
    expect(hitMemoryCeiling(failed, false)).toBe(false);
    expect(hitMemoryCeiling({ code: 1, signal: null, stderr: 'Invalid data found' }, true)).toBe(false);
    expect(hitMemoryCeiling({ code: null, signal: 'SIGSEGV', stderr: '' }, true)).toBe(true);
    // A thread whose stack cannot be mapped, and a filter whose setup failed without an errno.
    const thread = 'Failed to inject frame into filter network: Resource temporarily unavailable';
    expect(hitMemoryCeiling({ code: 1, signal: null, stderr: thread }, true)).toBe(true);
    const filter = 'Failed to configure output pad on Parsed_scale_23\nError reinitializing filters!';
    expect(hitMemoryCeiling({ code: 1, signal: null, stderr: filter }, true)).toBe(true);
  });
});

describe('limits with real ffprobe and ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-limits-'));
  const source = join(dir, 'source.mp4');
  let plan: MediaPlan;

  beforeAll(async () => {
    await generateDemoClip(source, {
      seconds: 2,
      pattern: 'testsrc2',
      toneHz: 440,
      width: 1920,
      height: 1080,
    });
    plan = buildPlan(await probe(source));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("stops a transcode past its wall-clock limit with 'processing_timeout' and leaves nothing", async () => {
    const out = join(dir, 'slow');
    await expect(
      transcode(source, out, plan, { limits: { timeoutFloorSec: 0.2, timeoutFactor: 0 } }),
    ).rejects.toMatchObject({ code: 'processing_timeout' });
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });

  it("stops a transcode at its memory ceiling with 'processing_out_of_memory' and leaves nothing", async () => {
    const out = join(dir, 'greedy');
    // A 1080p ladder needs about 1.8 GB of address space.
    await expect(transcode(source, out, plan, { limits: { memoryBytes: 1024 ** 3 } })).rejects.toMatchObject({
      code: 'processing_out_of_memory',
    });
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });

  it('runs without a ceiling when prlimit is missing', async () => {
    const out = join(dir, 'unlimited');
    await transcode(source, out, plan, { limits: { memoryBytes: 1024 ** 3, prlimitPath: null } });
    expect(existsSync(join(out, 'master.m3u8'))).toBe(true);
  });

  it('limits ffprobe too', async () => {
    await expect(probe(source, { limits: { timeoutFloorSec: 0.001 } })).rejects.toMatchObject({
      code: 'processing_timeout',
    });
    await expect(probe(source, { limits: { memoryBytes: 64 * 1024 ** 2 } })).rejects.toMatchObject({
      code: 'processing_out_of_memory',
    });
  });
});
