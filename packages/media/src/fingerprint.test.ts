import { describe, expect, it } from 'vitest';
import {
  compareFingerprints,
  decodeFingerprint,
  encodeFingerprint,
  FINGERPRINT_SIDE,
  type Fingerprint,
  fingerprintFromGray,
  frameHash,
  nearestSummaries,
  summarize,
} from './fingerprint';

const SIDE = FINGERPRINT_SIDE;

/** A smooth grey picture that changes with `seed`: two seeds give unrelated pictures. */
function picture(seed: number, brighten = 0): Uint8Array {
  const out = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const v =
        128 +
        60 * Math.sin((x * (1 + (seed % 5))) / 6 + seed) +
        50 * Math.cos((y * (1 + (seed % 3))) / 5 + seed * 1.7);
      out[y * SIDE + x] = Math.max(0, Math.min(255, Math.round(v + brighten)));
    }
  return out;
}

const film = (seeds: number[]) => {
  const raw = new Uint8Array(seeds.length * SIDE * SIDE);
  seeds.forEach((seed, i) => {
    raw.set(seed < 0 ? new Uint8Array(SIDE * SIDE).fill(16) : picture(seed), i * SIDE * SIDE);
  });
  return fingerprintFromGray(raw);
};
const seconds = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('frame hashes', () => {
  it('are stable under a brightness change and far apart for different pictures', () => {
    const a = frameHash(picture(3))!;
    const brighter = frameHash(picture(3, 12))!;
    const other = frameHash(picture(11))!;
    const bits = (x: { hi: number; lo: number }, y: { hi: number; lo: number }) =>
      [...((x.hi ^ y.hi) >>> 0).toString(2), ...((x.lo ^ y.lo) >>> 0).toString(2)].filter((c) => c === '1')
        .length;
    expect(bits(a, brighter)).toBeLessThanOrEqual(4);
    expect(bits(a, other)).toBeGreaterThan(16);
  });

  it('mark flat frames (black, fades) as having no picture', () => {
    expect(frameHash(new Uint8Array(SIDE * SIDE).fill(0))).toBeNull();
    expect(film([-1, 1]).valid).toEqual(new Uint8Array([0, 1]));
  });
});

describe('comparing fingerprints', () => {
  it('finds a trimmed copy at its offset, with its time range', () => {
    const original = film(seconds(100, 40));
    const trimmed = film(seconds(105, 30));
    const m = compareFingerprints(trimmed, original);
    expect(m.ranges).toEqual([{ aStart: 0, aEnd: 30, bStart: 5, bEnd: 35 }]);
    expect(m.coverageA).toBe(1);
    expect(m.coverageB).toBe(30 / 40);
  });

  it('finds a clip inside a compilation, and nothing between unrelated films', () => {
    const compilation = film([...seconds(500, 10), ...seconds(100, 12), ...seconds(600, 10)]);
    const clip = film(seconds(100, 12));
    expect(compareFingerprints(clip, compilation).ranges).toEqual([
      { aStart: 0, aEnd: 12, bStart: 10, bEnd: 22 },
    ]);
    expect(compareFingerprints(film(seconds(200, 30)), film(seconds(300, 30))).ranges).toEqual([]);
  });

  it('ignores stretches shorter than the minimum, and black seconds', () => {
    const a = film([...seconds(100, 3), ...Array(10).fill(-1)]);
    const b = film([...seconds(100, 3), ...Array(10).fill(-1)]);
    expect(compareFingerprints(a, b).ranges).toEqual([]);
  });
});

describe('storing and indexing', () => {
  it('encodes and decodes a fingerprint byte for byte', () => {
    const fp = film([1, -1, 2, 3]);
    const back = decodeFingerprint(encodeFingerprint(fp))!;
    expect(back).toEqual(fp);
    expect(decodeFingerprint(Buffer.from([9, 1, 2]))).toBeNull();
  });

  it('finds a video among a million summaries by a linear scan', () => {
    const target: Fingerprint = film(seconds(100, 30));
    const sum = summarize(target)!;
    const table = new Uint32Array(2_000_000);
    // Deterministic noise for the other 999,999 videos.
    let x = 2463534242;
    for (let i = 0; i < table.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      table[i] = x >>> 0;
    }
    table[2 * 777_777] = sum.hi;
    table[2 * 777_777 + 1] = sum.lo ^ 0b101;
    const found = nearestSummaries(summarize(target)!, table, 5);
    expect(found[0]?.index).toBe(777_777);
  });
});
