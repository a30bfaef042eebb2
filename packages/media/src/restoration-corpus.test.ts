import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaManifest } from './manifest';
import { type CorpusFigures, corpusFigures, processCorpus } from './testing/restoration-corpus';

/**
 * The restoration corpus (testing/restoration-corpus.ts, generated with lavfi): each analogue-era defect
 * goes in, the ladder's top rendition comes out and is measured with the same filters a person would use
 * to check it. The transcode bench prints the same figures (bench/results, README).
 */
let dir: string;
let manifests: Map<string, MediaManifest>;
const figures = new Map<string, CorpusFigures>();
const measured = async (name: string) => {
  if (!figures.has(name)) figures.set(name, await corpusFigures(dir, name, manifests.get(name)!));
  return figures.get(name)!;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vt-restoration-'));
  manifests = await processCorpus(dir);
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('restoration of the generated corpus', () => {
  it.each([
    ['interlaced', 'deinterlace', '60000/1001'],
    ['telecined', 'inverse_telecine', '24000/1001'],
  ])('makes the %s source progressive (%s) at %s fps', async (name, mode, rate) => {
    expect(manifests.get(name)!.restoration?.fields.mode).toBe(mode);
    const f = await measured(name);
    expect(f.frameRate).toBe(rate);
    expect(f.progressiveShare).toBeGreaterThan(0.9);
    // No field repeated any more: the pulldown is gone, not just hidden.
    expect(f.repeatedFieldShare).toBeLessThan(0.05);
  });

  it.each([
    ['letterboxed', 2],
    ['pillarboxed', 540 / 480],
  ])('crops the %s bars to the picture, within 2 px, at its own aspect', async (name, aspect) => {
    const f = await measured(name);
    expect(f.displayAspect).toBeCloseTo(aspect, 1);
    expect(f.barsLeft[0]).toBeLessThanOrEqual(2);
    expect(f.barsLeft[1]).toBeLessThanOrEqual(2);
  });

  it('keeps a full-frame source uncropped and at its frame rate', async () => {
    expect(manifests.get('quiet')!.restoration).toMatchObject({
      fields: { mode: 'progressive' },
      crop: null,
    });
    const f = await measured('quiet');
    expect([f.width, f.height]).toEqual([720, 480]);
    expect(f.frameRate).toBe('24000/1001');
  });

  it('brings a quiet source to −16 LUFS, within 1 LU', async () => {
    const f = await measured('quiet');
    expect(f.loudnessIn).toBeLessThan(-35);
    expect(manifests.get('quiet')!.restoration?.loudness).not.toBeNull();
    expect(Math.abs(f.loudnessOut + 16)).toBeLessThanOrEqual(1);
  });

  it('shows non-square pixels at their display aspect, with square pixels out', async () => {
    const f = await measured('anamorphic');
    expect([f.width, f.height]).toEqual([640, 480]);
    expect(f.sampleAspect).toBe('1:1');
  });
});
