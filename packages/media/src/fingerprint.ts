/**
 * A perceptual fingerprint of a video (issue 23, docs/decisions/0033): one 64-bit DCT hash (pHash) of the
 * picture each second, taken from the restored picture (bars already cropped), 32×32 grey. Re-encoding,
 * rescaling, small crops and pads change up to about 16 of its 63 bits, unrelated pictures about half;
 * trimming shifts the sequence, which the comparison finds by trying every offset. Pure: the frames come
 * from the one decode.
 */

/** Frames per second hashed, and the side of the grey square each is reduced to. */
export const FINGERPRINT_FPS = 1;
export const FINGERPRINT_SIDE = 32;
const FRAME_BYTES = FINGERPRINT_SIDE * FINGERPRINT_SIDE;
/** The filters that turn the (restored) picture into fingerprint frames, in the pipeline and outside it. */
export const FINGERPRINT_FILTERS = `fps=${FINGERPRINT_FPS},scale=${FINGERPRINT_SIDE}:${FINGERPRINT_SIDE}:flags=area,format=gray`;
/** Frames this flat (standard deviation of grey) carry no picture: fades, black, title cards. */
const FLAT_STDDEV = 6;

/** The second-by-second hashes: hi and lo words of each, and whether the second had a picture. */
export interface Fingerprint {
  hi: Uint32Array;
  lo: Uint32Array;
  valid: Uint8Array;
}

// cos((2x + 1) u π / 2N) for the 8 lowest frequencies u, over the N = 32 samples x.
const COS = (() => {
  const t = new Float64Array(8 * FINGERPRINT_SIDE);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < FINGERPRINT_SIDE; x++)
      t[u * FINGERPRINT_SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * FINGERPRINT_SIDE));
  return t;
})();

/**
 * The pHash of one 32×32 grey frame: the 8×8 lowest DCT frequencies, each bit set when its coefficient is
 * above their median (the DC term, overall brightness, is left out of the median and its bit is 0).
 * Null for a flat frame.
 */
export function frameHash(gray: Uint8Array, offset = 0): { hi: number; lo: number } | null {
  const n = FINGERPRINT_SIDE;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < FRAME_BYTES; i++) {
    const v = gray[offset + i]!;
    sum += v;
    sumSq += v * v;
  }
  const mean = sum / FRAME_BYTES;
  if (Math.sqrt(Math.max(0, sumSq / FRAME_BYTES - mean * mean)) < FLAT_STDDEV) return null;
  // Rows first (8 frequencies × 32 rows), then columns: 10k multiplications a frame.
  const rows = new Float64Array(8 * n);
  for (let y = 0; y < n; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += gray[offset + y * n + x]! * COS[u * n + x]!;
      rows[u * n + y] = s;
    }
  const coef = new Float64Array(64);
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < n; y++) s += rows[u * n + y]! * COS[v * n + y]!;
      coef[v * 8 + u] = s;
    }
  const ac = [...coef.subarray(1)].sort((a, b) => a - b);
  const median = (ac[31]! + ac[32]!) / 2;
  let hi = 0;
  let lo = 0;
  for (let i = 1; i < 64; i++) {
    if (coef[i]! <= median) continue;
    if (i < 32) lo |= 1 << i;
    else hi |= 1 << (i - 32);
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** Hashes every frame of a raw 32×32 grey stream (ffmpeg `-f rawvideo -pix_fmt gray`). */
export function fingerprintFromGray(raw: Uint8Array): Fingerprint {
  const count = Math.floor(raw.length / FRAME_BYTES);
  const fp: Fingerprint = {
    hi: new Uint32Array(count),
    lo: new Uint32Array(count),
    valid: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const h = frameHash(raw, i * FRAME_BYTES);
    if (!h) continue;
    fp.hi[i] = h.hi;
    fp.lo[i] = h.lo;
    fp.valid[i] = 1;
  }
  return fp;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Bits that differ between second i of a and second j of b. */
export function distance(a: Fingerprint, i: number, b: Fingerprint, j: number): number {
  return popcount(a.hi[i]! ^ b.hi[j]!) + popcount(a.lo[i]! ^ b.lo[j]!);
}

export interface MatchedRange {
  /** Seconds in the first fingerprint, end exclusive. */
  aStart: number;
  aEnd: number;
  /** The same stretch in the second one. */
  bStart: number;
  bEnd: number;
}

export interface FingerprintMatch {
  ranges: MatchedRange[];
  /** Seconds with a picture in each that the ranges cover, over all its seconds with a picture. */
  coverageA: number;
  coverageB: number;
}

export interface CompareOptions {
  /** Bits two hashes may differ by and still show the same picture. */
  maxDistance: number;
  /** Seconds of no match a range may bridge (a cut, a flash, a logo). */
  maxGapSec: number;
  /** Shortest stretch that counts as shared. */
  minRangeSec: number;
}

export const DEFAULT_COMPARE: CompareOptions = { maxDistance: 16, maxGapSec: 3, minRangeSec: 5 };

const validCount = (fp: Fingerprint) => fp.valid.reduce((s, v) => s + v, 0);

/**
 * Where two videos show the same pictures. Every offset (b's second minus a's) is walked: the seconds
 * whose hashes are close vote for it, the best few offsets are kept, and runs of close seconds along them
 * become ranges. O(n·m) distance checks: about 3 M for two half-hour videos, a few milliseconds; the
 * summaries below choose which videos are compared at all.
 */
export function compareFingerprints(
  a: Fingerprint,
  b: Fingerprint,
  opts: CompareOptions = DEFAULT_COMPARE,
): FingerprintMatch {
  const n = a.valid.length;
  const m = b.valid.length;
  const votes: [offset: number, count: number][] = [];
  for (let offset = -(n - 1); offset < m; offset++) {
    let count = 0;
    for (let i = Math.max(0, -offset); i < n && i + offset < m; i++)
      if (a.valid[i] && b.valid[i + offset] && distance(a, i, b, i + offset) <= opts.maxDistance) count++;
    if (count >= opts.minRangeSec) votes.push([offset, count]);
  }
  const offsets = votes
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([offset]) => offset);
  const ranges: MatchedRange[] = [];
  const coveredA = new Uint8Array(n);
  const coveredB = new Uint8Array(m);
  for (const offset of offsets) {
    let start = -1;
    let last = -1;
    const close = () => {
      if (start >= 0 && last - start + 1 >= opts.minRangeSec) {
        ranges.push({ aStart: start, aEnd: last + 1, bStart: start + offset, bEnd: last + 1 + offset });
        for (let i = start; i <= last; i++) {
          coveredA[i] = 1;
          coveredB[i + offset] = 1;
        }
      }
      start = -1;
    };
    for (let i = Math.max(0, -offset); i < n && i + offset < m; i++) {
      const j = i + offset;
      if (coveredA[i] || coveredB[j]) {
        close();
        continue;
      }
      const same = a.valid[i] && b.valid[j] && distance(a, i, b, j) <= opts.maxDistance;
      if (same) {
        if (start < 0) start = i;
        last = i;
      } else if (start >= 0 && i - last > opts.maxGapSec) close();
    }
    close();
  }
  const covered = (fp: Fingerprint, c: Uint8Array) => {
    const total = validCount(fp);
    let k = 0;
    for (let i = 0; i < c.length; i++) if (c[i] && fp.valid[i]) k++;
    return total === 0 ? 0 : k / total;
  };
  ranges.sort((x, y) => x.aStart - y.aStart);
  return { ranges, coverageA: covered(a, coveredA), coverageB: covered(b, coveredB) };
}

/**
 * One 64-bit code for a whole video: each bit set when it is set in most of its seconds. Copies (re-encoded,
 * cropped, padded, trimmed a little, dubbed) keep most of it, so an index finds candidates by the distance
 * of summaries alone: a scan of a million of them takes milliseconds.
 */
export function summarize(fp: Fingerprint): { hi: number; lo: number } | null {
  const ones = new Uint32Array(64);
  let frames = 0;
  for (let i = 0; i < fp.valid.length; i++) {
    if (!fp.valid[i]) continue;
    frames++;
    for (let bit = 0; bit < 32; bit++) {
      ones[bit] += (fp.lo[i]! >>> bit) & 1;
      ones[bit + 32] += (fp.hi[i]! >>> bit) & 1;
    }
  }
  if (frames === 0) return null;
  let lo = 0;
  let hi = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (ones[bit]! * 2 > frames) lo |= 1 << bit;
    if (ones[bit + 32]! * 2 > frames) hi |= 1 << bit;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/**
 * Summaries within this many bits are worth comparing second by second. On the generated corpus copies
 * were 0–21 bits from their original and unrelated films 20 or more from each other: the ranking finds
 * the original, and the second-by-second comparison, not this bound, decides.
 */
export const SUMMARY_CANDIDATE_DISTANCE = 24;

/**
 * The positions of `summaries` (hi, lo pairs) within maxDistance bits of `query`, nearest first, at most
 * `limit`. A linear scan: two XORs and popcounts per video.
 */
export function nearestSummaries(
  query: { hi: number; lo: number },
  summaries: Uint32Array,
  limit = 20,
  maxDistance = SUMMARY_CANDIDATE_DISTANCE,
): { index: number; distance: number }[] {
  const found: { index: number; distance: number }[] = [];
  for (let k = 0; k < summaries.length / 2; k++) {
    const d = popcount(summaries[2 * k]! ^ query.hi) + popcount(summaries[2 * k + 1]! ^ query.lo);
    if (d <= maxDistance) found.push({ index: k, distance: d });
  }
  return found.sort((x, y) => x.distance - y.distance).slice(0, limit);
}

/** A match that covers nearly all of the new video: it is a copy, not a clip of the other. */
export const FULL_COPY_COVERAGE = 0.9;

/** Stored form: a version byte, then hi, lo and valid per second. */
export function encodeFingerprint(fp: Fingerprint): Buffer {
  const n = fp.valid.length;
  const out = Buffer.alloc(1 + n * 9);
  out[0] = 1;
  for (let i = 0; i < n; i++) {
    out.writeUInt32LE(fp.hi[i]!, 1 + i * 9);
    out.writeUInt32LE(fp.lo[i]!, 5 + i * 9);
    out[9 + i * 9] = fp.valid[i]!;
  }
  return out;
}

export function decodeFingerprint(buf: Buffer): Fingerprint | null {
  if (buf[0] !== 1 || (buf.length - 1) % 9 !== 0) return null;
  const n = (buf.length - 1) / 9;
  const fp: Fingerprint = { hi: new Uint32Array(n), lo: new Uint32Array(n), valid: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    fp.hi[i] = buf.readUInt32LE(1 + i * 9);
    fp.lo[i] = buf.readUInt32LE(5 + i * 9);
    fp.valid[i] = buf[9 + i * 9]!;
  }
  return fp;
}
