import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStreamingHashes } from './streaming-hashes';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('streaming upload hashes', () => {
  const bytes = randomBytes(3 * 1024 * 1024 + 17);
  const file = join(mkdtempSync(join(tmpdir(), 'vt-hash-')), 'upload');
  writeFileSync(file, bytes);

  it('hashes the bytes as they are fed, across several writes', async () => {
    const hashes = createStreamingHashes();
    let offset = 0;
    for (const size of [1024 * 1024, 1024 * 1024, bytes.length - 2 * 1024 * 1024]) {
      const r = await hashes.resume('a', file, offset);
      await hashes.update(r, bytes.subarray(offset, offset + size));
      offset += size;
    }
    expect(await hashes.finish('a', bytes.length)).toBe(sha(bytes));
  });

  it('catches up from the file when it starts mid-upload (after a restart)', async () => {
    const hashes = createStreamingHashes();
    const half = 1_500_000;
    const r = await hashes.resume('b', file, half);
    await hashes.update(r, bytes.subarray(half));
    expect(await hashes.finish('b', bytes.length)).toBe(sha(bytes));
  });

  it('gives no digest for an upload it has not seen whole, or one discarded after a failed write', async () => {
    const hashes = createStreamingHashes();
    const r = await hashes.resume('c', file, 0);
    await hashes.update(r, bytes.subarray(0, 1000));
    expect(await hashes.finish('c', bytes.length)).toBeNull();
    expect(await hashes.finish('never-started', bytes.length)).toBeNull();
    const d = await hashes.resume('d', file, 0);
    await hashes.update(d, bytes.subarray(0, 1000));
    hashes.discard('d');
    expect(await hashes.finish('d', 1000)).toBeNull();
  });

  it('passes writes larger than its ring, and two uploads at once, in order', async () => {
    const hashes = createStreamingHashes();
    const big = randomBytes(20 * 1024 * 1024 + 5);
    const other = randomBytes(9 * 1024 * 1024);
    const a = await hashes.resume('big', file, 0);
    const b = await hashes.resume('other', file, 0);
    const feed = async (r: { id: string }, data: Buffer, step: number) => {
      for (let at = 0; at < data.length; at += step) await hashes.update(r, data.subarray(at, at + step));
    };
    await Promise.all([feed(a, big, 12 * 1024 * 1024), feed(b, other, 700_000)]);
    expect(await hashes.finish('big', big.length)).toBe(sha(big));
    expect(await hashes.finish('other', other.length)).toBe(sha(other));
  });

  it('drops the bytes of a discarded write still waiting for ring space, and lets its writer go', async () => {
    const hashes = createStreamingHashes();
    const r = await hashes.resume('e', file, 0);
    const waiting = hashes.update(r, randomBytes(20 * 1024 * 1024));
    expect(waiting).toBeInstanceOf(Promise);
    hashes.discard('e');
    // The upload starts over at once: none of the discarded bytes may reach the new hash.
    const again = await hashes.resume('e', file, 0);
    await hashes.update(again, bytes);
    await waiting;
    expect(await hashes.finish('e', bytes.length)).toBe(sha(bytes));
  });
});
