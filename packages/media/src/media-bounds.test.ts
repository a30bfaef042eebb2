import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaError } from './errors';
import { assertWithinBounds } from './media-bounds';
import { processVideo } from './pipeline';
import { type ProbeResult, probe } from './probe';
import { type OutOfBoundsInput, writeOutOfBoundsInputs } from './testing/hostile-inputs';

const clip: ProbeResult = {
  durationSec: 600,
  containerDurationSec: 600,
  width: 1280,
  height: 720,
  codedWidth: 1280,
  codedHeight: 720,
  rotation: 0,
  videoCodec: 'h264',
  audioCodec: 'aac',
  videoBitrate: 2_000_000,
  audioBitrate: 128_000,
  formatBitrate: 2_128_000,
  fps: 25,
  frameRate: '25/1',
  hasAudio: true,
  audioSampleRate: 48_000,
  audioChannels: 2,
  videoStreamIndex: 0,
  audioStreamIndex: 1,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  streamCount: 2,
  frameRates: { average: 25, base: 25 },
};
const SIZE = 150_000_000;

function codeOf(p: Partial<ProbeResult>, size = SIZE): string | null {
  try {
    assertWithinBounds({ ...clip, ...p }, size);
    return null;
  } catch (err) {
    return (err as MediaError).code;
  }
}

describe('assertWithinBounds', () => {
  it('accepts ordinary sources, 8K either way up, 16 px, 240 fps and a Matroska timebase rate', () => {
    expect(codeOf({})).toBeNull();
    expect(codeOf({ width: 7680, height: 4320, codedWidth: 7680, codedHeight: 4320 })).toBeNull();
    expect(
      codeOf({ width: 4320, height: 7680, codedWidth: 7680, codedHeight: 4320, rotation: 90 }),
    ).toBeNull();
    expect(codeOf({ width: 16, height: 16, codedWidth: 16, codedHeight: 16 })).toBeNull();
    expect(codeOf({ frameRates: { average: 240, base: 240 } })).toBeNull();
    expect(codeOf({ frameRates: { average: null, base: 1000 } })).toBeNull();
    expect(codeOf({ streamCount: 16 })).toBeNull();
    // A static picture at 1 fps without sound: about 18 bytes a second.
    expect(codeOf({ durationSec: 600, containerDurationSec: 600 }, 11_000)).toBeNull();
  });

  it("refuses pictures larger than 8K or smaller than 16 px with 'dimensions_out_of_bounds'", () => {
    expect(codeOf({ width: 8192, height: 8192, codedWidth: 8192, codedHeight: 8192 })).toBe(
      'dimensions_out_of_bounds',
    );
    expect(codeOf({ width: 7680, height: 4800, codedWidth: 7680, codedHeight: 4800 })).toBe(
      'dimensions_out_of_bounds',
    );
    expect(codeOf({ width: 15, height: 720, codedWidth: 15, codedHeight: 720 })).toBe(
      'dimensions_out_of_bounds',
    );
    // Stored small, displayed huge through its sample aspect ratio.
    expect(codeOf({ width: 16_000, height: 16, codedWidth: 16, codedHeight: 16 })).toBe(
      'dimensions_out_of_bounds',
    );
  });

  it("refuses an average above 240 fps, or no rate at all, with 'frame_rate_out_of_bounds'", () => {
    expect(codeOf({ frameRates: { average: 1000, base: 1000 } })).toBe('frame_rate_out_of_bounds');
    expect(codeOf({ frameRates: { average: null, base: null } })).toBe('frame_rate_out_of_bounds');
  });

  it("refuses 10 hours claimed in 200 KB with 'duration_implausible'", () => {
    expect(codeOf({ durationSec: 36_000, containerDurationSec: 36_000 }, 200_000)).toBe(
      'duration_implausible',
    );
    // A one-second picture with ten hours of sound claims ten hours too.
    expect(codeOf({ durationSec: 1, containerDurationSec: 36_000 }, 200_000)).toBe('duration_implausible');
  });

  it("refuses more than 16 streams with 'too_many_streams'", () => {
    expect(codeOf({ streamCount: 17 })).toBe('too_many_streams');
  });
});

describe('probe refuses hostile media before decoding it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-bounds-'));
  let inputs: OutOfBoundsInput[];

  beforeAll(async () => {
    inputs = await writeOutOfBoundsInputs(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses each with its code at probe, and nothing is written', async () => {
    expect(inputs.map((i) => i.name)).toEqual(['huge', 'tiny', 'fast', 'claims-ten-hours', 'many-streams']);
    for (const input of inputs) {
      await expect(probe(input.file), input.name).rejects.toMatchObject({ code: input.code });
      const out = join(dir, 'out', input.name);
      await expect(processVideo(input.file, out), input.name).rejects.toMatchObject({ code: input.code });
      expect(existsSync(out), input.name).toBe(false);
      expect(existsSync(`${out}.tmp`), input.name).toBe(false);
    }
  });
});
