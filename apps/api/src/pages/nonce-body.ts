import { constants, crc32, deflateRawSync } from 'node:zlib';
import { GZIP_LEVEL } from '../http/compression';

/**
 * A stored page and where its CSP nonce sits, so each answer is one copy with the fresh nonce written over
 * the old one (docs/decisions/0017 and 0019): nonces are always 16 random bytes in base64, so every
 * nonce has the stored one's length.
 */
export interface NonceBody {
  body: Buffer;
  nonce: string;
  positions: number[];
}

export function nonceBody(body: Buffer, nonce: string): NonceBody {
  const positions: number[] = [];
  if (nonce) {
    const needle = Buffer.from(nonce, 'latin1');
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length))
      positions.push(at);
  }
  return { body, nonce, positions };
}

/**
 * The body with `nonce` in every place the stored nonce was. `reuse`: an earlier answer of the same body
 * that has been sent, in which only the nonce is rewritten.
 */
export function withNonce(t: NonceBody, nonce: string, reuse?: Buffer): Buffer {
  if (t.positions.length === 0) return t.body;
  if (nonce.length !== t.nonce.length) {
    return Buffer.from(t.body.toString('latin1').replaceAll(t.nonce, nonce), 'latin1');
  }
  const fresh = Buffer.from(nonce, 'latin1');
  const out = reuse ?? Buffer.allocUnsafeSlow(t.body.length);
  if (!reuse) t.body.copy(out);
  for (const at of t.positions) fresh.copy(out, at);
  return out;
}

/**
 * A gzip member of the body whose nonces sit in stored (uncompressed) blocks, so an answer is a copy with
 * the fresh nonce written in place and a new CRC. Each stretch between nonces is deflated on its own with
 * the text before it as a preset dictionary, in which the nonces are replaced by bytes the page never
 * contains: no back-reference can then copy a nonce byte, and the stretches decode the same whatever
 * nonce the stored blocks hold. Brotli has no such seam (its context model and distance cache carry
 * across blocks), so pages with a nonce are sent gzip.
 */
export interface GzipNonceBody {
  gzip: Buffer;
  /** Where the nonce's bytes are in `gzip`. */
  positions: number[];
  nonce: Buffer;
  /** CRC-32 of the stored body, and the matrix that turns a change of nonce into a change of CRC. */
  crc: number;
  matrix: Uint32Array;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const WINDOW = 32 * 1024;

export function gzipNonceBody(t: NonceBody): GzipNonceBody {
  const n = t.nonce.length;
  const masked = Buffer.from(t.body);
  for (const at of t.positions) masked.fill(0, at, at + n);
  // A page with NUL bytes of its own could match the mask: then no dictionaries (a larger, still valid gzip).
  const dictionaries = t.body.indexOf(0) === -1;
  const raw = Buffer.from(t.nonce, 'latin1');

  const list: Buffer[] = [GZIP_HEADER];
  const positions: number[] = [];
  let offset = GZIP_HEADER.length;
  let from = 0;
  /**
   * Deflates body[from, end) ending in a sync flush, whose last four bytes are the LEN and NLEN of an empty
   * stored block; with `nonce` they become that block's LEN and NLEN, and the nonce follows as its content.
   */
  const stretch = (end: number, nonce: boolean) => {
    const part = t.body.subarray(from, end);
    const dictStart = Math.max(0, from - Math.min(WINDOW, Math.max(4096, part.length * 8)));
    const out = deflateRawSync(part, {
      level: GZIP_LEVEL,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(dictionaries && from > 0 ? { dictionary: masked.subarray(dictStart, from) } : {}),
    });
    if (nonce) {
      out.writeUInt16LE(n, out.length - 4);
      out.writeUInt16LE(~n & 0xffff, out.length - 2);
    }
    list.push(out);
    offset += out.length;
  };
  for (const at of t.positions) {
    stretch(at, true);
    list.push(raw);
    positions.push(offset);
    offset += n;
    from = at + n;
  }
  stretch(t.body.length, false);
  list.push(FINAL_BLOCK, Buffer.alloc(8));
  const gzip = Buffer.concat(list);
  gzip.writeUInt32LE(t.body.length >>> 0, gzip.length - 4);
  return {
    gzip,
    positions,
    nonce: Buffer.from(t.nonce, 'latin1'),
    crc: crc32(t.body),
    matrix: crcMatrix(t.body.length, t.positions, n),
  };
}

/**
 * The gzip body with `nonce`; null when the nonce's length differs (the caller sends the identity).
 * `reuse` as for withNonce.
 */
export function gzipWithNonce(g: GzipNonceBody, nonce: string, reuse?: Buffer): Buffer | null {
  if (g.positions.length === 0) return g.gzip;
  const fresh = Buffer.from(nonce, 'latin1');
  if (fresh.length !== g.nonce.length) return null;
  const out = reuse ?? Buffer.allocUnsafeSlow(g.gzip.length);
  if (!reuse) g.gzip.copy(out);
  for (const at of g.positions) fresh.copy(out, at);
  // CRC-32 is linear: the new CRC is the old one plus the change the nonce's difference makes.
  const diff = Buffer.allocUnsafe(fresh.length);
  for (let i = 0; i < fresh.length; i++) diff[i] = fresh[i]! ^ g.nonce[i]!;
  const v = update(0, diff);
  let delta = 0;
  for (let j = 0; j < 32; j++) if ((v >>> j) & 1) delta ^= g.matrix[j]!;
  out.writeUInt32LE((g.crc ^ delta) >>> 0, out.length - 8);
  return out;
}

/** The raw CRC register after `data` from `register` (zlib's crc32 inverts before and after). */
const update = (register: number, data: Buffer) => ~crc32(data, ~register >>> 0) >>> 0;

let zeros = Buffer.alloc(0);
/** The register after `count` zero bytes: a linear map of the register. */
function shift(register: number, count: number): number {
  if (count === 0 || register === 0) return register;
  if (zeros.length < count) zeros = Buffer.alloc(Math.max(count, 64 * 1024));
  return update(register, zeros.subarray(0, count));
}

/**
 * Column j: the CRC change made by the basis difference e_j in every nonce window, where a window's
 * difference d contributes update(0, d) shifted by the bytes after it.
 */
function crcMatrix(length: number, positions: number[], n: number): Uint32Array {
  const m = new Uint32Array(32);
  if (positions.length === 0) return m;
  for (let j = 0; j < 32; j++) {
    const e = (1 << j) >>> 0;
    let r = e;
    for (let i = 1; i < positions.length; i++) r = (shift(r, positions[i]! - positions[i - 1]!) ^ e) >>> 0;
    m[j] = shift(r, length - positions[positions.length - 1]! - n);
  }
  return m;
}
